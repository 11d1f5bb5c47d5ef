/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A tagged template whose interpolations are escaped; wrap trusted markup in `raw()`. */
export interface Raw {
  readonly __html: string;
}
export const raw = (html: string): Raw => ({ __html: html });

export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    const part = Array.isArray(v)
      ? v.map((x) => (isRaw(x) ? x.__html : escapeHtml(x))).join('')
      : isRaw(v)
        ? v.__html
        : v === null || v === undefined || v === false
          ? ''
          : escapeHtml(v);
    out += part + (strings[i + 1] ?? '');
  });
  return raw(out);
}

function isRaw(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && '__html' in v;
}

/**
 * Torque's look for the few server-rendered pages (sign-in, sign-out, links, errors): a clean
 * card, the product name, the orange primary. Self-contained: no fonts or assets from the net.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  background:#f1f3f5;color:#212529;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:400px;margin:16px;background:#fff;border-radius:12px;
  box-shadow:0 1px 3px rgba(0,0,0,.08),0 8px 24px rgba(0,0,0,.06);padding:32px 28px}
.brand{font-weight:700;font-size:28px;color:#c2410c;letter-spacing:.02em;margin:0 0 4px}
h1{font-size:18px;font-weight:600;margin:0 0 20px;color:#495057}
label{display:block;font-size:14px;font-weight:500;margin:14px 0 4px}
input{width:100%;height:42px;padding:0 12px;font-size:16px;border:1px solid #ced4da;border-radius:8px}
input:focus{outline:2px solid #ffa94d;border-color:#f76707}
button,.button{display:block;width:100%;margin-top:22px;height:44px;border:0;border-radius:8px;
  background:#c2410c;color:#fff;font-size:16px;font-weight:600;cursor:pointer;text-align:center;
  line-height:44px;text-decoration:none}
button:hover,.button:hover{background:#9a3412}
button.secondary{background:#fff;color:#495057;border:1px solid #ced4da}
.error{margin:0 0 8px;padding:10px 12px;border-radius:8px;background:#fff5f5;color:#c92a2a;
  border:1px solid #ffc9c9;font-size:14px}
.note{font-size:13px;color:#495057;margin-top:18px}
code{background:#f1f3f5;padding:1px 4px;border-radius:4px}
`;

export function page(title: string, productName: string, body: Raw): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <title>${title} - ${productName}</title>
        <style>
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        <main>
          <p class="brand">${productName}</p>
          ${body}
        </main>
      </body>
    </html>`.__html;
}
