// The autologin screen's self-posting form (spec core §4 Autologin screen): posts the token exchange once after
// hydration; the button is there for visitors without JavaScript.
import { useEffect, useRef } from 'react';
import { Form, useLocation } from 'react-router';

/** Posts the exchange once after hydration; the button is there for visitors without JavaScript. */
export function AutologinAutoSubmit({ redirectTo }: { redirectTo: string }) {
  const ref = useRef<HTMLFormElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    ref.current?.requestSubmit();
  }, [pathname]);
  return (
    <Form method="post" ref={ref}>
      <input type="hidden" name="intent" value="exchange" />
      <input type="hidden" name="redirect" value={redirectTo} />
      <noscript>
        <button type="submit" className="btn btn-primary">
          Continue
        </button>
      </noscript>
    </Form>
  );
}
