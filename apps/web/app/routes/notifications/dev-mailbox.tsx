// /dev/mailbox (non-production only): the emails the shop sent without SMTP, newest first, with their links and codes
// so a developer can follow a verification or reset link or read a sign-in code. The HTML part is shown as a mail
// client would, in a sandboxed iframe (srcdoc, no scripts, no same-origin access), phone-width or full; the text part
// below it.
import { Form } from 'react-router';
import { devMailbox, linksIn } from '../../features/identity/account.server.ts';
import { authApi } from '../../lib/auth.server.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/dev-mailbox';

export function meta() {
  return [{ title: 'Dev mailbox' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (process.env.NODE_ENV === 'production') notFound();
  const to = new URL(request.url).searchParams.get('to')?.trim() || undefined;
  try {
    const messages = await devMailbox(authApi(request, context).api, to);
    return {
      to: to ?? '',
      messages: messages.map((m) => ({
        ...m,
        links: linksIn(m.text),
        codes: [...new Set(m.text.match(/\b\d{6}\b/g) ?? [])],
      })),
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function DevMailboxPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page-container py-2">
      <h1 className="mb-1 text-2xl font-bold">Dev mailbox</h1>
      <Form method="get" className="mb-1 flex flex-wrap items-end gap-0.5">
        <label className="flex flex-col font-semibold">
          Recipient
          <input
            name="to"
            type="email"
            defaultValue={loaderData.to}
            className="min-h-[44px] rounded-theme border border-[#767676] px-0.5 font-normal"
          />
        </label>
        <button type="submit" className="btn btn-primary">
          Filter
        </button>
      </Form>
      {loaderData.messages.length === 0 ? <p>No emails yet.</p> : null}
      <ol className="flex flex-col gap-1">
        {loaderData.messages.map((m) => (
          <li
            key={m.id}
            data-testid="dev-mail"
            data-to={m.to}
            data-kind={m.kind}
            className="rounded-theme border border-[#c4c4c4] p-1"
          >
            <h2 className="text-lg font-bold">{m.subject}</h2>
            <p className="text-sm">
              To {m.to} · {m.kind} · {m.deliveredAt}
            </p>
            {m.codes.map((code) => (
              <p key={code}>
                Code: <strong data-testid="dev-mail-code">{code}</strong>
              </p>
            ))}
            {m.links.length ? (
              <ul className="my-0.5">
                {m.links.map((href) => (
                  <li key={href}>
                    <a href={href} className="break-all underline" data-testid="dev-mail-link">
                      {href}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            {m.html ? (
              <section className="my-0.5" aria-label={`HTML part of ${m.subject}`}>
                <h3 className="font-semibold">HTML part</h3>
                <iframe
                  title={`Email: ${m.subject}`}
                  srcDoc={m.html}
                  sandbox="allow-popups allow-popups-to-escape-sandbox"
                  referrerPolicy="no-referrer"
                  data-testid="dev-mail-html"
                  className="h-[560px] w-full max-w-[640px] rounded-theme border border-[#c4c4c4] bg-white"
                />
              </section>
            ) : null}
            <section aria-label={`Text part of ${m.subject}`}>
              <h3 className="font-semibold">Text part</h3>
              <pre className="whitespace-pre-wrap break-words text-sm" data-testid="dev-mail-text">
                {m.text}
              </pre>
            </section>
          </li>
        ))}
      </ol>
    </div>
  );
}
