// The human-readable API reference at /api/docs, rendered on the server from the OpenAPI document: no scripts, no
// outside assets, so it passes the same Content-Security-Policy as every other response.

type Json = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
const MAX_DEPTH = 8;

export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function resolveRef(doc: Json, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    if (!isObject(node)) return undefined;
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return isObject(node) ? node : undefined;
}

function typeLabel(schema: Json): string {
  const t = schema.type;
  const base = Array.isArray(t) ? t.join(' | ') : typeof t === 'string' ? t : '';
  const extras: string[] = [];
  if (typeof schema.format === 'string') extras.push(schema.format);
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    extras.push(`length ${schema.minLength ?? 0}..${schema.maxLength ?? '∞'}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    extras.push(`${schema.minimum ?? '-∞'}..${schema.maximum ?? '∞'}`);
  if (typeof schema.pattern === 'string') extras.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) extras.push(`default ${JSON.stringify(schema.default)}`);
  return [base || 'any', ...extras].join(', ');
}

export function renderSchema(doc: Json, schema: unknown, depth = 0): string {
  if (!isObject(schema)) return '<span class="t">any</span>';
  if (depth > MAX_DEPTH) return '<span class="t">…</span>';
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(doc, schema.$ref);
    const name = schema.$ref.split('/').at(-1) ?? schema.$ref;
    return `<span class="ref">${escapeHtml(name)}</span> ${target ? renderSchema(doc, target, depth + 1) : ''}`;
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const label = key === 'allOf' ? 'all of' : 'one of';
      return `<span class="t">${label}</span><ul>${options.map((o) => `<li>${renderSchema(doc, o, depth + 1)}</li>`).join('')}</ul>`;
    }
  }
  if (Array.isArray(schema.enum)) {
    return `<span class="t">${escapeHtml(typeLabel(schema))}</span> one of ${schema.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(' ')}`;
  }
  if (schema.const !== undefined) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) {
    return `<span class="t">${escapeHtml(typeLabel(schema))} of</span> ${renderSchema(doc, schema.items, depth + 1)}`;
  }
  if (isObject(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const rows = Object.entries(schema.properties).map(
      ([name, sub]) =>
        `<li><code class="p">${escapeHtml(name)}</code>${required.has(name) ? '' : ' <span class="opt">optional</span>'}: ${renderSchema(doc, sub, depth + 1)}</li>`,
    );
    return `<span class="t">${escapeHtml(typeLabel(schema))}</span><ul>${rows.join('')}</ul>`;
  }
  if (isObject(schema.additionalProperties)) {
    return `<span class="t">map of</span> ${renderSchema(doc, schema.additionalProperties, depth + 1)}`;
  }
  return `<span class="t">${escapeHtml(typeLabel(schema))}</span>`;
}

function renderParameters(doc: Json, params: unknown): string {
  if (!Array.isArray(params) || params.length === 0) return '';
  const rows = params
    .filter(isObject)
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${renderSchema(doc, p.schema)}</td></tr>`,
    );
  return `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function renderContent(doc: Json, content: unknown): string {
  if (!isObject(content)) return '';
  return Object.entries(content)
    .map(
      ([type, media]) =>
        `<p class="ct">${escapeHtml(type)}</p>${isObject(media) ? renderSchema(doc, media.schema) : ''}`,
    )
    .join('');
}

function renderOperation(doc: Json, method: string, path: string, op: Json): string {
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9_-]+/g, '-');
  const versions = Array.isArray(op['x-api-versions'])
    ? `<p>Versions: ${op['x-api-versions'].map(escapeHtml).join(', ')}</p>`
    : '';
  const signed =
    Array.isArray(op.security) && op.security.length > 0
      ? '<p class="signed">Signed request (x-app-key, x-timestamp, x-signature)</p>'
      : '';
  const body = isObject(op.requestBody) ? `<h4>Request body</h4>${renderContent(doc, op.requestBody.content)}` : '';
  const responses = isObject(op.responses)
    ? `<h4>Responses</h4><dl>${Object.entries(op.responses)
        .map(
          ([status, r]) =>
            `<dt>${escapeHtml(status)}${isObject(r) && r.description ? ` ${escapeHtml(r.description)}` : ''}</dt><dd>${isObject(r) ? renderContent(doc, r.content) : ''}</dd>`,
        )
        .join('')}</dl>`
    : '';
  const summary = typeof op.summary === 'string' ? ` <span class="sum">${escapeHtml(op.summary)}</span>` : '';
  const description = typeof op.description === 'string' ? `<p>${escapeHtml(op.description)}</p>` : '';
  return `<details class="op" id="${escapeHtml(id)}"><summary><span class="m m-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${summary}</summary>${description}${versions}${signed}${renderParameters(doc, op.parameters)}${body}${responses}</details>`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#fff}header,main{max-width:70rem;margin:0 auto;padding:1rem 1.5rem}
header{border-bottom:1px solid #d0d7de}h1{margin:.2rem 0}h2{margin-top:2rem;border-bottom:1px solid #d0d7de}nav a{margin-right:1rem}
.op{border:1px solid #d0d7de;border-radius:6px;margin:.5rem 0;padding:.4rem .8rem}.op summary{cursor:pointer}
.m{display:inline-block;min-width:4.2rem;font-weight:700;font-family:monospace}.m-get{color:#0a5d2a}.m-post{color:#0b4f9c}.m-put,.m-patch{color:#7a4a00}.m-delete{color:#a4141b}
code{font-family:ui-monospace,monospace;background:#f3f4f6;padding:0 .2rem;border-radius:3px}.t{color:#57606a}.opt{color:#57606a;font-size:.85em}
table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.2rem .5rem;text-align:left;vertical-align:top}ul{margin:.2rem 0 .2rem 1rem;padding-left:1rem}
.ct{margin:.3rem 0;font-style:italic}.signed{color:#7a4a00}.sum{color:#57606a}a{color:#0b4f9c}`;

/** The whole docs page: routes grouped by tag (service), each with method, path, parameters, body and responses. */
export function renderDocsPage(doc: Json): string {
  const info = isObject(doc.info) ? doc.info : {};
  const tagOrder = Array.isArray(doc.tags) ? doc.tags.filter(isObject).map((t) => String(t.name)) : [];
  const groups = new Map<string, string[]>();
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const path of Object.keys(paths).sort()) {
    const item = paths[path];
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const tag = Array.isArray(op.tags) && op.tags.length > 0 ? String(op.tags[0]) : 'other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push(renderOperation(doc, method, path, op));
    }
  }
  const ordered = [...groups.keys()].sort((a, b) => {
    const ia = tagOrder.indexOf(a);
    const ib = tagOrder.indexOf(b);
    return (ia === -1 ? 999 : ia) - (ib === -1 ? 999 : ib) || a.localeCompare(b);
  });
  const nav = ordered.map((t) => `<a href="#tag-${escapeHtml(t)}">${escapeHtml(t)}</a>`).join('');
  const sections = ordered
    .map((t) => `<section id="tag-${escapeHtml(t)}"><h2>${escapeHtml(t)}</h2>${groups.get(t)!.join('')}</section>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(info.title ?? 'API')} reference</title><style>${STYLE}</style></head><body><header><h1>${escapeHtml(info.title ?? 'API')} <small>${escapeHtml(info.version ?? '')}</small></h1><p>${escapeHtml(info.description ?? '')}</p><p><a href="/api/docs/openapi.json">OpenAPI document (JSON)</a></p><nav aria-label="Services">${nav}</nav></header><main>${sections}</main></body></html>`;
}
