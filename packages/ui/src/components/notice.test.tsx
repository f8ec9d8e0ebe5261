import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { Alert, Notice } from './notice.tsx';

describe('Notice', () => {
  it('an error interrupts (role=alert); info and success wait (role=status)', () => {
    expect(renderScreen(<Notice tone="error">Failed</Notice>)).toBe(
      '<p class="notice notice--error" role="alert">Failed</p>',
    );
    expect(renderScreen(<Notice tone="success">Saved</Notice>)).toBe(
      '<p class="notice notice--success" role="status">Saved</p>',
    );
    expect(renderScreen(<Notice tone="info">On its way</Notice>)).toBe(
      '<p class="notice notice--info" role="status">On its way</p>',
    );
  });

  it('a role, element, class and id of its own', () => {
    expect(
      renderScreen(
        <Notice tone="info" role="alert" as="div" className="late" id="n">
          <span>Late</span>
        </Notice>,
      ),
    ).toBe('<div class="notice notice--info late" role="alert" id="n"><span>Late</span></div>');
  });
});

describe('Alert', () => {
  it('floats with its tone, and × dismisses it when it can be dismissed', () => {
    const html = renderScreen(<Alert message="Copied" tone="success" onDismiss={() => {}} />);
    expect(html).toContain('class="alert alert--success" role="status"');
    expect(html).toContain('aria-label="Dismiss"');
    expect(renderScreen(<Alert message="Failed" tone="error" />)).not.toContain('alert__close');
    expect(renderScreen(<Alert message="Failed" tone="error" />)).toContain('role="alert"');
  });
});
