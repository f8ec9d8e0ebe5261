import type { MouseEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { Button, busyGuard } from './button.tsx';

/** The opening tag of the first <button> in `html`. */
const openingTag = (html: string) => /<button[^>]*>/.exec(html)?.[0] ?? '';
/** The button's accessible name: its text without hidden parts. */
const nameOf = (html: string) =>
  /<button[^>]*>(.*)<\/button>/
    .exec(html)?.[1]
    ?.replace(/<span hidden=""[^>]*>.*?<\/span>/g, '')
    .replace(/<[^>]+>/g, '')
    .trim();

describe('Button', () => {
  it('is type=button unless told, with its variant, size and width as classes', () => {
    const html = renderScreen(
      <Button variant="primary" size="small" block className="extra">
        Save
      </Button>,
    );
    expect(openingTag(html)).toContain('type="button"');
    expect(openingTag(html)).toContain('class="button button--primary button--small button--block extra"');
    expect(openingTag(html)).not.toContain('aria-busy');
    expect(openingTag(html)).not.toContain('disabled');
    expect(renderScreen(<Button type="submit">Send</Button>)).toContain('type="submit"');
    expect(renderScreen(<Button variant="ghost">x</Button>)).toContain('class="button button--ghost"');
  });

  it('busy: spinner, aria-busy, disabled, described as loading, and the same accessible name', () => {
    const idle = renderScreen(<Button variant="primary">Verify</Button>);
    const busy = renderScreen(
      <Button variant="primary" busy>
        Verify
      </Button>,
    );
    expect(openingTag(busy)).toContain('aria-busy="true"');
    expect(openingTag(busy)).toContain('disabled=""');
    expect(busy).toContain('class="spinner spinner--sm" aria-hidden="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(openingTag(busy))?.[1];
    expect(describedBy).toBeTruthy();
    expect(busy).toContain(`<span hidden="" id="${describedBy}">Loading…</span>`);
    expect(nameOf(busy)).toBe('Verify');
    expect(nameOf(idle)).toBe('Verify');
    expect(idle).not.toContain('spinner');
  });

  it('an icon before the label, replaced by the spinner while busy', () => {
    const icon = <svg className="mark" aria-hidden="true" />;
    const idle = renderScreen(<Button icon={icon}>Google</Button>);
    expect(idle).toMatch(/<button[^>]*><svg class="mark" aria-hidden="true"><\/svg>Google<\/button>/);
    expect(idle).not.toContain('spinner');
    const busy = renderScreen(
      <Button icon={icon} busy>
        Google
      </Button>,
    );
    expect(busy).toMatch(/<button[^>]*><span class="spinner spinner--sm" aria-hidden="true"><\/span>Google/);
    expect(busy).not.toContain('class="mark"');
  });

  it('a busy label of its own, in the reader language by default', () => {
    expect(
      renderScreen(
        <Button busy busyLabel="Sending the code">
          Send
        </Button>,
      ),
    ).toContain('>Sending the code</span>');
    expect(renderScreen(<Button busy>Send</Button>, { language: 'pt-BR' })).toContain('>Carregando…</span>');
  });

  it('keeps a described-by of its own next to the busy one', () => {
    const tag = openingTag(
      renderScreen(
        <Button busy aria-describedby="terms">
          Pay
        </Button>,
      ),
    );
    expect(tag).toMatch(/aria-describedby="terms [^"]+"/);
  });

  it('never double-submits: a click while busy is swallowed, otherwise passed on', () => {
    const onClick = vi.fn();
    const click = () => {
      const event = { preventDefault: vi.fn() } as unknown as MouseEvent<HTMLButtonElement>;
      return event;
    };
    const first = click();
    busyGuard(false, onClick)(first);
    expect(onClick).toHaveBeenCalledTimes(1);
    const second = click();
    busyGuard(true, onClick)(second);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(second.preventDefault).toHaveBeenCalled();
  });
});
