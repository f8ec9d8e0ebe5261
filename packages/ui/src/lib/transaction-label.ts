import type { TransactionLine } from '@khel/core/contract';

/**
 * The parameters a translated history label reads: the API's `labelParams` plus `item`, the item
 * name with its quantity when more than one (`2 × Amazon Pay gift card`), as the API's English
 * label writes it. `texts` gives the two phrases around it in the user's language.
 */
export function labelParamsOf(
  line: Pick<TransactionLine, 'labelParams'>,
  texts: { aStoreItem: string; itemWithQuantity: (quantity: string, itemName: string) => string },
): Record<string, string> {
  const { itemName, quantity } = line.labelParams;
  const item = itemName
    ? quantity && quantity !== '1'
      ? texts.itemWithQuantity(quantity, itemName)
      : itemName
    : texts.aStoreItem;
  return { ...line.labelParams, item };
}

/**
 * The keys to try for a line's label, best first: a line about a named earning reads the `…Titled`
 * text (`Earning collected: {{earningTitle}}`) where there is one.
 */
export function labelKeysOf(line: Pick<TransactionLine, 'labelKey' | 'labelParams'>): string[] {
  return line.labelParams.earningTitle ? [`${line.labelKey}Titled`, line.labelKey] : [line.labelKey];
}
