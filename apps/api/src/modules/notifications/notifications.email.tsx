/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The one email template (docs/emails.md, ADR 075): every email the shop sends is an EmailContent (a greeting, a
// list of blocks, a category) rendered by react-email into a branded, phone-width HTML part and, from the same blocks,
// a plain-text part. Callers describe what to say; the look (theme colours, wordmark, footer, unsubscribe links) is
// decided here once.
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';

/** One piece of an email's body, in reading order. */
export type EmailBlock =
  | { type: 'text'; text: string }
  /** A call to action: a button in HTML, "label: href" in the text part. */
  | { type: 'button'; label: string; href: string }
  /** A short code the reader types (a sign-in code), shown large. */
  | { type: 'code'; code: string }
  /** The one figure the email is about (a prize, a deposit), shown large with its label. */
  | { type: 'highlight'; label: string; value: string }
  /** Rows of label / value pairs (a ticket: its number, draw, numbers, prize). */
  | { type: 'details'; title?: string; rows: [string, string][] };

/**
 * Transactional emails (receipts, wins, payments, security, failures) are always sent; marketing emails (results of
 * a draw without a prize) only to a customer who agreed to email and has not unsubscribed from the offer, and they
 * carry the unsubscribe links.
 */
export type EmailCategory = 'transactional' | 'marketing';

export interface EmailContent {
  kind: string;
  subject: string;
  /** "Hi Ann," (optional: a sign-in code needs none). */
  greeting?: string;
  body: EmailBlock[];
}

/**
 * An email as the outbox stores it (notifications_outbox.content): what it says and, for a marketing email, the
 * unsubscribe links signed for its customer when it was enqueued. Rendered when it is sent.
 */
export interface StoredEmail extends EmailContent {
  unsubscribe: UnsubscribeLinks | null;
}

/** The shop's look and its links (the composition root fills it from the theme and PUBLIC_URL). */
export interface EmailBrand {
  siteName: string;
  publicUrl: string;
  colours: { brandPrimary: string; brandSecondary: string; actionPrimary: string; mono: string };
}

/** Marketing emails' footer links: a signed token, so a link is only good for the customer it was sent to. */
export interface UnsubscribeLinks {
  unsubscribe: string;
  preferences: string;
}

export const text = (t: string): EmailBlock => ({ type: 'text', text: t });
export const button = (label: string, href: string): EmailBlock => ({ type: 'button', label, href });
export const code = (c: string): EmailBlock => ({ type: 'code', code: c });
export const highlight = (label: string, value: string): EmailBlock => ({ type: 'highlight', label, value });
export const details = (rows: [string, string][], title?: string): EmailBlock => ({ type: 'details', rows, title });

/** A lottery line's picks as a reader says them: "3 14 22 29 35 41 44, Powerball 7". */
export function picksText(sets: Record<string, number[]>): string {
  return Object.entries(sets)
    .map(
      ([set, picks]) =>
        `${set === 'numbers' ? '' : `${set.charAt(0).toUpperCase()}${set.slice(1)} `}${picks.join(' ')}`,
    )
    .join(', ');
}

const drawDateFormat = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Australia/Sydney',
  timeZoneName: 'short',
});

/** A draw's date and time in Sydney time: "Sat 28 Nov 2026, 7:30 pm AEDT". */
export const drawDateText = (iso: string | Date) => drawDateFormat.format(new Date(iso));

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

function Block({ block, brand }: { block: EmailBlock; brand: EmailBrand }): ReactNode {
  const { colours } = brand;
  switch (block.type) {
    case 'text':
      return <Text style={{ fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' }}>{block.text}</Text>;
    case 'button':
      return (
        <Section style={{ margin: '8px 0 24px' }}>
          <Button
            href={block.href}
            style={{
              backgroundColor: colours.actionPrimary,
              color: '#ffffff',
              borderRadius: '8px',
              padding: '12px 20px',
              fontSize: '16px',
              fontWeight: 700,
              textDecoration: 'none',
            }}
          >
            {block.label}
          </Button>
        </Section>
      );
    case 'code':
      return (
        <Text
          style={{ fontSize: '32px', letterSpacing: '6px', fontWeight: 700, margin: '8px 0 24px', color: colours.mono }}
        >
          {block.code}
        </Text>
      );
    case 'highlight':
      return (
        <Section
          style={{
            backgroundColor: colours.brandSecondary,
            borderRadius: '8px',
            padding: '16px',
            margin: '0 0 24px',
            textAlign: 'center',
          }}
        >
          <Text style={{ margin: 0, fontSize: '14px', color: colours.mono }}>{block.label}</Text>
          <Text style={{ margin: 0, fontSize: '30px', lineHeight: '38px', fontWeight: 700, color: colours.mono }}>
            {block.value}
          </Text>
        </Section>
      );
    case 'details':
      return (
        <Section style={{ border: '1px solid #c4c4c4', borderRadius: '8px', padding: '12px 16px', margin: '0 0 24px' }}>
          {block.title ? (
            <Text style={{ margin: '0 0 8px', fontSize: '16px', fontWeight: 700 }}>{block.title}</Text>
          ) : null}
          {block.rows.map(([label, value], i) => (
            <Row key={i}>
              <Column style={{ width: '40%', verticalAlign: 'top', padding: '4px 8px 4px 0', fontSize: '14px' }}>
                {label}
              </Column>
              <Column style={{ verticalAlign: 'top', padding: '4px 0', fontSize: '14px', fontWeight: 600 }}>
                {value}
              </Column>
            </Row>
          ))}
        </Section>
      );
  }
}

function Email(props: { content: EmailContent; brand: EmailBrand; unsubscribe: UnsubscribeLinks | null }) {
  const { content, brand, unsubscribe } = props;
  const { colours } = brand;
  const preview = content.body.find((b) => b.type === 'text' || b.type === 'highlight');
  return (
    <Html lang="en-AU">
      <Head>
        <meta name="color-scheme" content="light" />
        <title>{content.subject}</title>
      </Head>
      {preview ? (
        <Preview>{preview.type === 'text' ? preview.text : `${preview.label} ${preview.value}`}</Preview>
      ) : null}
      <Body style={{ backgroundColor: '#f3f4f1', margin: 0, padding: '16px 0', fontFamily: FONT, color: colours.mono }}>
        <Container style={{ maxWidth: '600px', width: '100%', backgroundColor: '#ffffff', borderRadius: '8px' }}>
          <Section
            style={{
              backgroundColor: colours.brandPrimary,
              borderRadius: '8px 8px 0 0',
              borderBottom: `4px solid ${colours.brandSecondary}`,
              padding: '16px 24px',
            }}
          >
            <Link href={brand.publicUrl} style={{ color: '#ffffff', fontSize: '20px', fontWeight: 700 }}>
              {brand.siteName}
            </Link>
          </Section>
          <Section style={{ padding: '24px' }}>
            <Heading as="h1" style={{ fontSize: '22px', lineHeight: '28px', margin: '0 0 16px' }}>
              {content.subject}
            </Heading>
            {content.greeting ? (
              <Text style={{ fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' }}>{content.greeting}</Text>
            ) : null}
            {content.body.map((block, i) => (
              <Block key={i} block={block} brand={brand} />
            ))}
          </Section>
          <Hr style={{ borderColor: '#c4c4c4', margin: 0 }} />
          <Section style={{ padding: '16px 24px', fontSize: '13px', lineHeight: '20px' }}>
            <Text style={{ margin: '0 0 8px', fontSize: '13px' }}>
              {brand.siteName} · Play responsibly. Gambling help: call 1800 858 858 or visit gamblinghelponline.org.au.
            </Text>
            {unsubscribe ? (
              <Text style={{ margin: 0, fontSize: '13px' }}>
                <Link href={unsubscribe.unsubscribe} style={{ color: colours.mono, textDecoration: 'underline' }}>
                  Unsubscribe
                </Link>
                {' · '}
                <Link href={unsubscribe.preferences} style={{ color: colours.mono, textDecoration: 'underline' }}>
                  Email preferences
                </Link>
              </Text>
            ) : (
              <Text style={{ margin: 0, fontSize: '13px' }}>
                This is a service email about your account: it is sent whatever your marketing preferences are.
              </Text>
            )}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

function blockText(block: EmailBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'button':
      return `${block.label}: ${block.href}`;
    case 'code':
      return block.code;
    case 'highlight':
      return `${block.label}: ${block.value}`;
    case 'details':
      return [...(block.title ? [block.title] : []), ...block.rows.map(([l, v]) => `${l}: ${v}`)].join('\n');
  }
}

/** The plain-text part: the same blocks, one paragraph each, links written out in full. */
export function renderEmailText(content: EmailContent, unsubscribe: UnsubscribeLinks | null): string {
  const footer = unsubscribe
    ? [`Unsubscribe: ${unsubscribe.unsubscribe}`, `Email preferences: ${unsubscribe.preferences}`].join('\n')
    : null;
  return [...(content.greeting ? [content.greeting] : []), ...content.body.map(blockText), ...(footer ? [footer] : [])]
    .join('\n\n')
    .trim();
}

/** Both parts of an email. */
export async function renderEmail(
  content: EmailContent,
  brand: EmailBrand,
  unsubscribe: UnsubscribeLinks | null = null,
): Promise<{ html: string; text: string }> {
  const html = await render(<Email content={content} brand={brand} unsubscribe={unsubscribe} />);
  return { html, text: renderEmailText(content, unsubscribe) };
}
