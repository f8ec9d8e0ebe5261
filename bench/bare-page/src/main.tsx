import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

// The baseline of bench/lighthouse.ts and bench/interactions.ts (whose tap is the button): React and ReactDOM rendering one screen of text, with nothing
// else (no router, i18n, data or styles), built and served exactly as the apps are.
function BarePage() {
  const [taps, setTaps] = useState(0);
  return (
    <main>
      <h1>Bare Vite + React page</h1>
      <p>
        The baseline the Lighthouse bench compares Khel's first screens with: the smallest page the same
        toolchain, server and compression can produce with React on it.
      </p>
      <button type="button" onClick={() => setTaps((n) => n + 1)}>
        Tapped {taps} times
      </button>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <BarePage />
  </StrictMode>,
);
