// Server-renders a component inside a data router (links, fetchers and route data work as in the app).
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ShellData } from '../lib/shell.ts';

export function renderHtml(element: ReactNode, path = '/'): string {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return renderToString(<RouterProvider router={router} />);
}

/** renderHtml under a route with the id "root" whose loader data is `{ shell }`, as the app's root route has it. */
export function renderWithShell(element: ReactNode, shell: ShellData, path = '/'): string {
  const router = createMemoryRouter([{ id: 'root', path: '*', element, loader: () => ({ shell }) }], {
    initialEntries: [path],
    hydrationData: { loaderData: { root: { shell } } },
  });
  return renderToString(<RouterProvider router={router} />);
}

/** Visible text of rendered HTML: tags dropped, entities decoded, whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}
