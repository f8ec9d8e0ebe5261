import { randomInt } from 'node:crypto';
import {
  POG_INVALID_CHOICE_MESSAGE,
  POG_THEMES,
  type PogCatalogue,
  type PogTheme,
} from '@khel/core/contract';
import { AppError } from '../../lib/http.ts';
import { categoriesOf, charactersOf, stylesOf } from './avatar/catalogue.ts';

const choice = (c: { id: string; label: string }) => ({ id: c.id, label: c.label });

/** Every theme with its categories, characters and styles (English labels; the screens translate them by id). */
export function catalogueView(): PogCatalogue {
  return {
    themes: POG_THEMES.map((theme) => ({
      id: theme,
      categories: categoriesOf(theme).map((c) => ({
        ...choice(c),
        characters: charactersOf(theme, c.id).map(choice),
      })),
      styles: stylesOf(theme).map(choice),
    })),
  };
}

export const categoriesView = (theme: PogTheme) => ({ theme, categories: categoriesOf(theme).map(choice) });

export function charactersView(theme: PogTheme, category: string) {
  const characters = charactersOf(theme, category);
  if (characters.length === 0) throw new AppError(404, POG_INVALID_CHOICE_MESSAGE);
  return { characters: characters.map(choice) };
}

export const stylesView = (theme: PogTheme) => ({ styles: stylesOf(theme).map(choice) });

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;

/** "Surprise me": random complete choices, in one theme or any. */
export function randomVariants(theme: PogTheme | null, count: number) {
  const variants = [];
  for (let i = 0; i < count; i++) {
    const t = theme ?? pick(POG_THEMES);
    const category = pick(categoriesOf(t));
    variants.push({
      theme: t,
      category: category.id,
      character: pick(charactersOf(t, category.id)).id,
      style: pick(stylesOf(t)).id,
    });
  }
  return { variants };
}
