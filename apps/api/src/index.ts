import { DatabaseInUseError } from '@khel/db';
import { startServer } from './server.ts';

const running = await startServer().catch((error: unknown) => {
  // A second copy on the same embedded database: say so in one line instead of a stack trace.
  if (error instanceof DatabaseInUseError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
});
const { url, env } = running;
if (env.NODE_ENV !== 'production') {
  process.stdout.write(
    [
      '',
      `  Khel is running at ${url}/`,
      `    Mini App  ${url}/tma/   (outside Telegram it signs in as a development Telegram user)`,
      `    API       ${url}/api/   reference ${url}/api/docs`,
      '',
      '  Sign in with the sandbox OTP: enter any valid phone number (e.g. India 9876543210),',
      `  then read the 6-digit code at ${url}/api/dev/outbox (no SMS is really sent).`,
      '',
    ].join('\n'),
  );
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    running.close().finally(() => process.exit(0));
  });
}
