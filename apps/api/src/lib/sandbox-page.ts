import type { Context } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface SandboxPageOptions {
  status: ContentfulStatusCode;
  title: string;
  /** Says on the page which real service this sandbox stands in for. */
  badge: string;
  body: HtmlEscapedString | Promise<HtmlEscapedString> | unknown;
  /** Another origin the page's form may post to (a checked redirect target). */
  formActionOrigin?: string | undefined;
  /** Who may show the page in a frame (default nobody; the sandbox offerwall lives in our own frame). */
  frameAncestors?: "'none'" | "'self'";
}

/**
 * The pages sandbox providers play (WhatsApp and Google sign-in, payment checkout). The API's default
 * CSP forbids everything; these need their inline style and to post their form.
 */
export function sandboxPage(
  c: Context,
  { status, title, badge, body, formActionOrigin, frameAncestors = "'none'" }: SandboxPageOptions,
) {
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${formActionOrigin ? ` ${formActionOrigin}` : ''}; frame-ancestors ${frameAncestors}; base-uri 'none'`,
  );
  return c.html(
    html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} (sandbox)</title>
<style>
body{font-family:system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#111}
.badge{display:inline-block;background:#fde68a;border-radius:4px;padding:2px 8px;font-size:.8rem}
label{display:block;margin:1rem 0 .25rem}
input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem}
button{margin:1rem .5rem 0 0;padding:.6rem 1rem;font-size:1rem}
.error{color:#b91c1c}
</style>
</head>
<body>
<p class="badge">${badge}</p>
<h1>${title}</h1>
${body}
</body>
</html>`,
    status,
  );
}
