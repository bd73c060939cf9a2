// Parts every card form shares: the 3-D Secure browser data (hidden fields the browser fills as the form submits, so
// a post without JavaScript says browserJavascript=false) and the gateway's list of test card numbers.

export function BrowserDataInputs({ extra = [] }: { extra?: readonly string[] }) {
  return (
    <>
      <input type="hidden" name="browserJavascript" defaultValue="false" />
      <input type="hidden" name="browserLanguage" defaultValue="" />
      <input type="hidden" name="browserColourDepth" defaultValue="" />
      <input type="hidden" name="browserScreenHeight" defaultValue="" />
      <input type="hidden" name="browserScreenWidth" defaultValue="" />
      <input type="hidden" name="browserTimezoneOffset" defaultValue="" />
      {extra.map((name) => (
        <input key={name} type="hidden" name={name} defaultValue="" />
      ))}
    </>
  );
}

/** Fills the BrowserDataInputs of a form that is being submitted; `extra` gives the values of its extra fields. */
export function fillBrowserData(form: HTMLFormElement, extra: Record<string, string> = {}) {
  const set = (name: string, value: string) => {
    const input = form.elements.namedItem(name);
    if (input instanceof HTMLInputElement) input.value = value;
  };
  set('browserJavascript', 'true');
  set('browserLanguage', navigator.language);
  set('browserColourDepth', String(window.screen.colorDepth));
  set('browserScreenHeight', String(window.screen.height));
  set('browserScreenWidth', String(window.screen.width));
  set('browserTimezoneOffset', String(new Date().getTimezoneOffset()));
  for (const [name, value] of Object.entries(extra)) set(name, value);
}

export function TestCardList({
  gateway,
}: {
  gateway: { name: string; testCards: readonly { number: string; outcome: string }[] };
}) {
  if (!gateway.testCards.length) return null;
  return (
    <details className="text-sm">
      <summary>Test card numbers ({gateway.name})</summary>
      <ul>
        {gateway.testCards.map((c) => (
          <li key={c.number}>
            <code>{c.number}</code>: {c.outcome}
          </li>
        ))}
      </ul>
    </details>
  );
}
