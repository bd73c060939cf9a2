// Seeded content beyond the pages: image files, the blog (landing, categories, posts: one a draft), the contact page
// and translation items (the FAQ questions, SEO of built-in screens, the footer note). Fixed dates, so every seeded
// database shows the same blog.
import type {
  BlockInput,
  StoredBlog,
  StoredBlogCategory,
  StoredBlogPost,
  TranslationValueInput,
} from '@shop/contracts';
import type { z } from 'zod';
import { GAMBLING_HELP_LINE, SITE_NAME } from './web-config.ts';

const svg = (viewBox: string, body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${body}</svg>`).toString('base64');

const ball = (cx: number, cy: number, fill: string, n: number) =>
  `<circle cx="${cx}" cy="${cy}" r="26" fill="${fill}"/><text x="${cx}" y="${cy + 9}" font-family="Arial,sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="#1f2933">${n}</text>`;

/** Small SVG illustrations (they stay crisp at any size and weigh about a kilobyte each). */
export const seedFiles = [
  {
    id: 'file_ticket_illustration',
    filename: 'ticket-illustration.svg',
    title: 'Lottery ticket',
    description: 'A lottery ticket with six numbered balls',
    base64: svg(
      '0 0 480 320',
      `<rect width="480" height="320" rx="24" fill="#e7f3ee"/><rect x="40" y="60" width="400" height="200" rx="18" fill="#ffffff" stroke="#0b5d3b" stroke-width="6"/>${[1, 2, 3].map((i) => ball(70 + i * 80, 130, '#f4c542', [7, 19, 23][i - 1]!)).join('')}${[1, 2, 3].map((i) => ball(70 + i * 80, 200, '#cde8dc', [31, 38, 42][i - 1]!)).join('')}`,
    ),
  },
  {
    id: 'file_logo_gambling_help',
    filename: 'gambling-help.svg',
    title: 'Gambling Help Online',
    description: 'Gambling Help Online',
    base64: svg(
      '0 0 240 80',
      '<rect width="240" height="80" rx="12" fill="#1b3a6b"/><text x="120" y="50" font-family="Arial,sans-serif" font-size="22" font-weight="700" text-anchor="middle" fill="#ffffff">Gambling Help</text>',
    ),
  },
  {
    id: 'file_logo_charities',
    filename: 'charity-partners.svg',
    title: 'Australian charity partners',
    description: 'Australian charity partners',
    base64: svg(
      '0 0 240 80',
      '<rect width="240" height="80" rx="12" fill="#0b5d3b"/><text x="120" y="50" font-family="Arial,sans-serif" font-size="22" font-weight="700" text-anchor="middle" fill="#ffffff">Charity partners</text>',
    ),
  },
  {
    id: 'file_logo_licensed',
    filename: 'licensed-reseller.svg',
    title: 'Licensed lottery reseller',
    description: 'Licensed lottery reseller',
    base64: svg(
      '0 0 240 80',
      '<rect width="240" height="80" rx="12" fill="#ffffff" stroke="#1f2933" stroke-width="4"/><text x="120" y="50" font-family="Arial,sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="#1f2933">Licensed reseller</text>',
    ),
  },
] as const;

const seo = (title: string, description: string) => ({ title: `${title} | ${SITE_NAME}`, description });

export const blogSeed: z.input<typeof StoredBlog> = {
  title: 'News and winners',
  intro: 'Jackpot news, winner stories and tips for playing smarter.',
  seo: seo('Blog', 'Jackpot news, winner stories and tips from Lucky Koala Lotteries.'),
};

export const blogCategoriesSeed: (z.input<typeof StoredBlogCategory> & { id: string })[] = [
  { id: 'cat_news', slug: 'news', name: 'News', description: 'Jackpots, new games and shop news.' },
  { id: 'cat_winners', slug: 'winners', name: 'Winners', description: 'Stories from people who won with us.' },
  { id: 'cat_guides', slug: 'guides', name: 'Guides', description: 'How the games work and how to play them.' },
];

const text = (heading: string | null, ...paragraphs: string[]): BlockInput => ({
  kind: 'single_column',
  heading,
  paragraphs,
});

export interface PostSeed {
  id: string;
  status: 'published' | 'draft';
  publishedAt: string | null;
  post: z.input<typeof StoredBlogPost>;
}

export const blogPostsSeed: PostSeed[] = [
  {
    id: 'post_how_systems_work',
    status: 'published',
    publishedAt: '2024-02-01T00:00:00.000Z',
    post: {
      slug: 'how-system-entries-work',
      title: 'How system entries work',
      excerpt:
        'A system entry covers every combination of the numbers you pick. Here is what that means for your odds.',
      categories: ['guides'],
      author: 'The Lucky Koala team',
      seo: seo('How system entries work', 'What a system entry is, what it costs and how it changes your odds.'),
      sections: [
        {
          kind: 'full_page_content',
          markdown:
            'A **system entry** lets you pick more numbers than a standard game needs. We then play every combination of those numbers for you.\n\n## What it costs\n\nA System 8 in Oz Lotto is the same as 8 standard games, so it costs eight times as much.\n\n## Why play one\n\n- Every combination is covered.\n- One ticket can win several divisions at once.\n\nSee the [Oz Lotto systems](/oz-lotto/systems) page to build one.',
        },
      ],
    },
  },
  {
    id: 'post_winner_story',
    status: 'published',
    publishedAt: '2024-03-01T00:00:00.000Z',
    post: {
      slug: 'a-win-for-the-whole-street',
      title: 'A win for the whole street',
      excerpt: 'A syndicate of twelve neighbours shared a division one prize. This is their story.',
      categories: ['winners'],
      author: 'The Lucky Koala team',
      heroImage: 'file_ticket_illustration',
      seo: seo('A win for the whole street', 'Twelve neighbours, one syndicate ticket and a division one win.'),
      sections: [
        text(
          null,
          'When the numbers came in on Saturday night, twelve neighbours in one street found out they had won together.',
          'They had played the same syndicate every week for three years. "We never thought it would be us," one said.',
        ),
      ],
    },
  },
  {
    id: 'post_jackpot_news',
    status: 'published',
    publishedAt: '2024-04-01T00:00:00.000Z',
    post: {
      slug: 'powerball-jackpot-climbs',
      title: 'Powerball jackpot climbs again',
      excerpt: 'No division one winner this week: the Powerball jackpot jumps for the next draw.',
      categories: ['news'],
      author: 'The Lucky Koala team',
      seo: seo('Powerball jackpot climbs again', 'No division one winner: the Powerball jackpot jumps again.'),
      sections: [
        text(
          null,
          'There was no division one winner in this week’s Powerball draw, so the jackpot rolls over to the next one.',
          'Tickets are on sale now and close shortly before the draw.',
        ),
        {
          kind: 'call_to_action',
          heading: 'Play Powerball',
          text: 'Choose your numbers or take a quick pick.',
          linkText: 'Play now',
          linkUrl: '/powerball',
        },
      ],
    },
  },
  {
    id: 'post_charity_raffles',
    status: 'published',
    publishedAt: '2024-05-01T00:00:00.000Z',
    post: {
      slug: 'charity-raffles-explained',
      title: 'Charity raffles, explained',
      excerpt: 'Where the money goes, how the draws are made and how you can check them yourself.',
      categories: ['guides', 'news'],
      author: 'The Lucky Koala team',
      seo: seo('Charity raffles, explained', 'Where the money goes and how our raffle draws can be checked.'),
      sections: [
        text(
          'Every ticket helps',
          'Most of the price of a raffle ticket goes to the charity running it; the rest pays for the prizes.',
          'Before sales close we publish a commitment to the draw’s secret seed, so anyone can check the winners afterwards.',
        ),
      ],
    },
  },
  {
    id: 'post_summer_draft',
    status: 'draft',
    publishedAt: null,
    post: {
      slug: 'summer-draws-preview',
      title: 'Summer draws: a preview',
      excerpt: 'The big draws coming up this summer.',
      categories: ['news'],
      author: 'The Lucky Koala team',
      seo: seo('Summer draws: a preview', 'The big draws coming up this summer.'),
      sections: [text(null, 'Not ready yet: this post is a draft.')],
    },
  },
];

export const contactPageSeed = {
  heading: 'Contact us',
  intro: 'Our Australian support team is happy to help.',
  phone: '13 56 28',
  openingHours: ['Monday to Friday: 8:30am to 8:00pm (Sydney time)', 'Saturday: 9:00am to 5:00pm (Sydney time)'],
  email: 'support@luckykoala.example',
  postalAddress: null,
  seo: seo('Contact us', 'How to reach our customer support team.'),
  sections: [
    text(
      'Need support with gambling?',
      `Gambling Help is free, confidential and open 24 hours a day on ${GAMBLING_HELP_LINE}.`,
    ),
  ] satisfies BlockInput[],
};

/** The built-in FAQ screen's questions (shown while no managed page takes /about/faq). */
export const faqSeed = [
  {
    question: 'How do I know if I have won?',
    answer: 'We check every ticket after each draw. If you win, we email you and the prize appears in your account.',
  },
  {
    question: 'How are prizes paid?',
    answer: 'Prizes are paid into your account. You can use them to play again or withdraw them to your bank account.',
  },
  {
    question: 'Can I lose my ticket?',
    answer: 'No. Your tickets are stored in your account, so there is no paper ticket to lose.',
  },
  { question: 'How old do I have to be?', answer: 'You must be 18 or over to open an account and buy tickets.' },
  {
    question: 'When do ticket sales close?',
    answer:
      'Each draw closes shortly before the draw time. The closing time is shown on every lottery page and in your cart.',
  },
];

export const translationsSeed: {
  locale: 'en-AU' | 'en-GB';
  category: string;
  id: string;
  item: TranslationValueInput;
}[] = [
  { locale: 'en-AU', category: 'faq', id: 'questions', item: { type: 'json', value: faqSeed } },
  {
    locale: 'en-AU',
    category: 'seo',
    id: 'about-faq',
    item: {
      type: 'seo',
      value: seo('Frequently asked questions', 'Answers to common questions about tickets, results and payments.'),
    },
  },
  {
    locale: 'en-AU',
    category: 'footer',
    id: 'note',
    item: {
      type: 'markdown',
      value: `Play responsibly. Free, confidential help: **Gambling Help ${GAMBLING_HELP_LINE}**.`,
    },
  },
  {
    locale: 'en-GB',
    category: 'footer',
    id: 'note',
    item: { type: 'markdown', value: 'Play responsibly. Free, confidential help: **GamCare 0808 8020 133**.' },
  },
];
