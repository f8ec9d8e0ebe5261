import { closeOnSignals, exitOnStartupError } from './runtime.ts';
import { startServer } from './server.ts';

// The all-in-one product (`npm start`).
const running = await startServer().catch(exitOnStartupError);
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
closeOnSignals(running);
