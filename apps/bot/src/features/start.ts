import { resolveStartParam, startParamToPath } from '@khel/core/deep-links';
import { Composer, type Context } from 'grammy';
import { type MiniAppSettings, openAppButton, replyWithButton } from '../open-app.ts';
import { textsFor } from '../texts.ts';

/** `/start [payload]`: a button that opens the Mini App on the screen the payload names (home otherwise). */
export function startFeature(settings: MiniAppSettings): Composer<Context> {
  const composer = new Composer<Context>();

  composer.command('start', async (ctx) => {
    const texts = textsFor(ctx.from?.language_code);
    const payload = ctx.match.trim();
    const resolved = resolveStartParam(payload);
    const text = resolved ? texts.openLinkedScreen : payload ? texts.unknownLink : texts.welcome;
    const button = openAppButton(
      texts.openAppButton,
      { path: startParamToPath(payload), startParam: resolved ? payload : undefined },
      settings,
      { type: ctx.chat?.type, botUsername: ctx.me.username },
    );
    await replyWithButton(ctx, text, button, texts);
  });

  return composer;
}
