import {
  devChainMintBodySchema,
  findUnsafeText,
  sandboxGameParamsSchema,
  sandboxPlayerBodySchema,
  UNSAFE_TEXT_MESSAGE,
} from '@khel/core/contract';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Address } from 'viem';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { sandboxPage } from '../../lib/sandbox-page.ts';
import { addSandboxPlayer, SANDBOX_DEMO_PLAYERS } from './game-sandbox.ts';

/** The page's path (under /api): a developer's forms for the two quest sandboxes. */
export const QUEST_SANDBOXES_PAGE = '/dev/quest-sandboxes';

async function page(c: Context<AppEnv>, notice: { error?: string; done?: string } = {}) {
  const { evmChain, DEV_CONTRACTS } = await import('../../lib/chain/evm.ts');
  const chain = await evmChain(c.get('deps').env).catch(() => null);
  return sandboxPage(c, {
    status: notice.error ? 400 : 200,
    title: 'Quest sandboxes',
    badge: 'Sandbox: not a partner game, the chain is in this process',
    body: html`<p>game_api tasks on <code>games.khel.local</code> ask the sandbox partner game server;
hold_token and hold_nft tasks read ${chain ? html`chain ${chain.chainId} (${chain.engine})` : 'no chain'}.</p>
${notice.error ? html`<p class="error">${notice.error}</p>` : ''}
${notice.done ? html`<p>Done: ${notice.done}</p>` : ''}
<h2>Add a game player</h2>
<p>Every game knows ${SANDBOX_DEMO_PLAYERS.join(', ')}.</p>
<form method="post">
<input type="hidden" name="form" value="player">
<label for="game">Game slug (the endpoint's path: games.khel.local/<em>slug</em>/players)</label>
<input id="game" name="game" required maxlength="80" value="bullie-racer">
<label for="playerId">Player id</label>
<input id="playerId" name="playerId" required maxlength="200">
<button type="submit">Add player</button>
</form>
<h2>Mint test tokens</h2>
${
  chain?.mint
    ? html`<form method="post">
<input type="hidden" name="form" value="mint">
<label for="contract">Contract</label>
<select id="contract" name="contract">
${DEV_CONTRACTS.map((k) => html`<option value="${k.address}">${k.name} (${k.kind === 'erc20' ? 'ERC-20, amount in base units: 10^18 per token' : 'ERC-721, amount = how many'})</option>`)}
</select>
<label for="to">To (0x address of a linked wallet)</label>
<input id="to" name="to" required maxlength="42">
<label for="amount">Amount</label>
<input id="amount" name="amount" required maxlength="41" value="1">
<button type="submit">Mint</button>
</form>`
    : html`<p>Only the in-process chain can mint (EVM_RPC_URL is set).</p>`
}`,
  });
}

const field = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string).trim() : '';

/** GET and POST /dev/quest-sandboxes: forms over the JSON routes of quest-sandboxes.routes.ts. Outside production only. */
export function questSandboxesPageRouter() {
  const app = new Hono<AppEnv>();
  app.use(QUEST_SANDBOXES_PAGE, async (c, next) => {
    if (c.get('deps').env.NODE_ENV === 'production') throw new AppError(404, 'Not found');
    await next();
  });
  app.get(QUEST_SANDBOXES_PAGE, (c) => page(c));
  app.post(QUEST_SANDBOXES_PAGE, async (c) => {
    let form: Record<string, unknown>;
    try {
      form = (await c.req.parseBody()) as Record<string, unknown>;
    } catch {
      throw new AppError(400, 'The form could not be read.');
    }
    if (findUnsafeText(form)) return page(c, { error: UNSAFE_TEXT_MESSAGE });
    const firstIssue = (e: { issues: { message: string }[] }) => e.issues[0]?.message ?? 'Check the form.';
    if (field(form, 'form') === 'player') {
      const params = sandboxGameParamsSchema.safeParse({ game: field(form, 'game') });
      const body = sandboxPlayerBodySchema.safeParse({
        playerId: field(form, 'playerId'),
      });
      if (!params.success) return page(c, { error: firstIssue(params.error) });
      if (!body.success) return page(c, { error: firstIssue(body.error) });
      addSandboxPlayer(c.get('deps'), params.data.game, body.data.playerId);
      return page(c, { done: `${params.data.game} knows ${body.data.playerId}` });
    }
    const parsed = devChainMintBodySchema.safeParse({
      contract: field(form, 'contract'),
      to: field(form, 'to'),
      amount: field(form, 'amount'),
    });
    if (!parsed.success) return page(c, { error: firstIssue(parsed.error) });
    const { evmChain, DEV_CONTRACTS } = await import('../../lib/chain/evm.ts');
    const chain = await evmChain(c.get('deps').env);
    const contract = DEV_CONTRACTS.find(
      (k) => k.address.toLowerCase() === parsed.data.contract.toLowerCase(),
    );
    const amount = BigInt(parsed.data.amount);
    if (!chain?.mint || !contract)
      return page(c, { error: 'Not one of the in-process chain’s test contracts.' });
    if (contract.kind === 'erc721' && amount > 100n)
      return page(c, { error: 'Mint at most 100 NFTs at a time.' });
    const to = parsed.data.to as Address;
    await chain.mint(contract.address, to, amount);
    const balance = await chain.balanceOf(contract.address, to);
    return page(c, { done: `${to} now holds ${balance} of ${contract.name}` });
  });
  return app;
}
