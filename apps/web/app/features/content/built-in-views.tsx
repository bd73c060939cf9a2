// The built-in screens a managed page may take the place of (core §2 "Site-managed content pages can override route
// paths"): the FAQ, from the "faq/questions" translation item, and contact-us, from the contact_page item.
import type { ContactPage, Seo } from '@shop/contracts';
import { Blocks, type BlockData, type BlockSlots } from './blocks.tsx';
import { SeoTags } from './seo-tags.tsx';

export interface FaqEntry {
  question: string;
  answer: string;
}

/** The FAQ's questions from a json translation item; anything malformed is left out. */
export function faqEntries(value: unknown): FaqEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter((e): e is FaqEntry => !!e && typeof e.question === 'string' && typeof e.answer === 'string');
}

export function FaqView({ entries, seo }: { entries: FaqEntry[]; seo: Seo | null }) {
  return (
    <div className="page-container flex flex-col gap-1 py-2">
      <SeoTags seo={seo} path="/about/faq" fallbackTitle="Frequently asked questions" />
      <h1 className="text-3xl font-extrabold text-brand md:text-4xl">Frequently asked questions</h1>
      <div className="flex max-w-[70ch] flex-col gap-0.5" data-testid="faq">
        {entries.map((e, i) => (
          <details key={i} className="rounded-theme border border-black/10 p-1">
            <summary className="cursor-pointer font-semibold">{e.question}</summary>
            <p className="mt-0.5">{e.answer}</p>
          </details>
        ))}
      </div>
    </div>
  );
}

export function ContactView({
  contact,
  data,
  slots,
}: {
  contact: ContactPage;
  /** What its blocks show (loaded like a page's). */
  data?: BlockData;
  slots?: BlockSlots;
}) {
  return (
    <div className="flex flex-col gap-1 py-2">
      <SeoTags seo={contact.seo} path="/about/contact-us" fallbackTitle={contact.heading} />
      <div className="page-container flex flex-col gap-1">
        <h1 className="text-3xl font-extrabold text-brand md:text-4xl">{contact.heading}</h1>
        {contact.intro ? <p className="max-w-[60ch] text-lg">{contact.intro}</p> : null}
        <div className="grid grid-cols-1 gap-1 md:grid-cols-2">
          <section className="rounded-theme border border-black/10 p-1">
            <h2 className="text-xl font-bold">Call us</h2>
            <p>
              <a href={`tel:${contact.phone.replace(/\s+/g, '')}`} className="text-lg font-semibold underline">
                {contact.phone}
              </a>
            </p>
            <ul>
              {contact.openingHours.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
          </section>
          {contact.email || contact.postalAddress ? (
            <section className="rounded-theme border border-black/10 p-1">
              <h2 className="text-xl font-bold">Write to us</h2>
              {contact.email ? (
                <p>
                  <a href={`mailto:${contact.email}`} className="underline">
                    {contact.email}
                  </a>
                </p>
              ) : null}
              {contact.postalAddress ? <p>{contact.postalAddress}</p> : null}
            </section>
          ) : null}
        </div>
      </div>
      <Blocks sections={contact.sections} data={data} slots={slots} />
    </div>
  );
}
