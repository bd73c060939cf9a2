// Seeded CMS pages: home and the about pages of spec core §2 (the FAQ and contact-us screens are built in, and a
// managed page may take their place), plus one draft and one scheduled page that the visibility rule (features §4)
// keeps hidden. The home page shows the block kinds a visitor meets first.
import type { BlockInput as PageSection, StoredPageInput as StoredPage } from '@shop/contracts';
import { GAMBLING_HELP_LINE, SITE_NAME } from './web-config.ts';

const header = (title: string, subtitle: string | null = null): PageSection => ({
  kind: 'page_header',
  title,
  subtitle,
});
const column = (heading: string | null, ...paragraphs: string[]): PageSection => ({
  kind: 'single_column',
  heading,
  paragraphs,
});
const grid = (...columns: { heading: string; paragraphs: string[] }[]): PageSection => ({
  kind: 'two_column_grid',
  columns,
});
const cta = (heading: string, text: string, linkText: string, linkUrl: string): PageSection => ({
  kind: 'call_to_action',
  heading,
  text,
  linkText,
  linkUrl,
});
const divider: PageSection = { kind: 'divider' };

export interface PageSeed {
  itemKey: string;
  status: 'published' | 'draft';
  /** 'scheduled' pages get a publish date in the future (seed time + 90 days). */
  schedule: 'published' | 'scheduled' | 'none';
  page: StoredPage;
}

const page = (
  itemKey: string,
  path: string,
  name: string,
  seoDescription: string,
  sections: PageSection[],
  template: StoredPage['template'] = 'content',
): PageSeed => ({
  itemKey,
  status: 'published',
  schedule: 'published',
  page: { path, name, template, seo: { title: `${name} | ${SITE_NAME}`, description: seoDescription }, sections },
});

export const pagesSeed: PageSeed[] = [
  page(
    'page_home',
    '/',
    'Home',
    `Buy Oz Lotto, Powerball, Saturday Lotto and charity raffle tickets online with ${SITE_NAME}.`,
    [
      header(
        "Australia's favourite lotteries, online",
        'Buy your tickets in minutes, check results any time and get paid straight into your account when you win.',
      ),
      { kind: 'featured_tickets', heading: "Play today's jackpots", offerKeys: [] },
      grid(
        {
          heading: 'Lotteries',
          paragraphs: [
            'Play Oz Lotto, Powerball, Saturday Lotto, Weekday Windfall and Set for Life from your phone or computer.',
            'Pick your own numbers or let a quick pick choose them, and keep your favourites ready for every draw.',
          ],
        },
        {
          heading: 'Charity raffles',
          paragraphs: [
            'Win cars, homes and cash while raising money for Australian causes.',
            'Every raffle is drawn in-house and can be checked: we publish how the winning tickets are chosen.',
          ],
        },
      ),
      {
        kind: 'image_beside_text',
        image: 'file_ticket_illustration',
        heading: 'How it works',
        markdown:
          'Create a free account, add funds to your wallet or pay by card, and choose your tickets.\n\nYour tickets are stored in your account, so they can **never be lost**. We check every ticket after the draw and email you when you win.\n\nWinnings are paid into your account and can be withdrawn to your bank account.',
        imagePosition: 'right',
      },
      { kind: 'blog_posts', heading: 'Latest news', category: null, limit: 4 },
      {
        kind: 'logo_grid',
        heading: 'Playing safely with us',
        logos: [
          { image: 'file_logo_licensed', name: 'Licensed lottery reseller', url: null },
          {
            image: 'file_logo_gambling_help',
            name: 'Gambling Help Online',
            url: 'https://www.gamblinghelponline.org.au',
          },
          { image: 'file_logo_charities', name: 'Charity partners', url: '/causes' },
        ],
      },
      divider,
      cta(
        'Play responsibly',
        `Set spend limits in your account at any time. Gambling Help is available 24 hours a day on ${GAMBLING_HELP_LINE}.`,
        'Responsible gambling',
        '/about/responsible-gaming',
      ),
    ],
    'home',
  ),
  page('page_about', '/about', 'About us', `Who we are and how ${SITE_NAME} works.`, [
    header(`About ${SITE_NAME}`, 'An Australian online lottery and raffle shop.'),
    column(
      'Who we are',
      `${SITE_NAME} is an Australian business that sells official lottery tickets and charity raffle tickets online.`,
      'We keep every ticket you buy safely in your account, check it after each draw and pay your winnings straight into your account.',
    ),
    column(
      'What we stand for',
      'Clear prices with no hidden fees: the price you see in your cart is the price you pay.',
      'Fair draws: lottery results come from the official draws, and our charity raffles are drawn with a published, verifiable method.',
      'Play that stays fun: we give you spend limits, breaks and self-exclusion tools, and we never sell to anyone under 18.',
    ),
    cta('Need a hand?', 'Our Australian support team is here seven days a week.', 'Contact us', '/about/contact-us'),
  ]),
  page(
    'page_responsible_gaming',
    '/about/responsible-gaming',
    'Responsible gambling',
    'Tools and support to keep play fun and affordable.',
    [
      header('Responsible gambling', 'Lotteries should be fun. These tools help you keep them that way.'),
      column(
        'Our commitment',
        'We sell tickets only to people aged 18 and over, and we check the identity of every customer.',
        'We never extend credit: you can only play with money you have deposited or won.',
      ),
      grid(
        {
          heading: 'Set your limits',
          paragraphs: [
            'Choose a daily, weekly or monthly spend limit in your account. Lowering a limit takes effect straight away; raising it takes effect after a cooling-off period.',
            'You can also set a pre-commitment limit for the amount you plan to spend before you play.',
          ],
        },
        {
          heading: 'Take a break',
          paragraphs: [
            'Pause your account for a day, a week, a month or longer. While paused you cannot buy tickets, and recurring purchases stop.',
            'If you want to stop for good, you can close your account or ask us to exclude you.',
          ],
        },
      ),
      column(
        'Signs it may be time to get help',
        'Spending more than you can afford, chasing losses, borrowing money to play, or feeling anxious about gambling are signs to pause and talk to someone.',
      ),
      cta(
        'Free, confidential support',
        `Gambling Help is available 24 hours a day, 7 days a week on ${GAMBLING_HELP_LINE}, or online at gamblinghelponline.org.au.`,
        'Contact our team',
        '/about/contact-us',
      ),
    ],
  ),
  page(
    'page_privacy',
    '/about/privacy',
    'Privacy policy',
    'How we collect, use and protect your personal information.',
    [
      header('Privacy policy', 'How we handle your personal information under the Australian Privacy Principles.'),
      column(
        'What we collect',
        'Your name, date of birth, address, email and phone number when you open an account, and the identity details needed to verify your age.',
        'Your tickets, deposits, withdrawals and limits, so we can run your account and meet our legal obligations.',
        'How you use our site, through essential cookies and, if you allow them, analytics cookies.',
      ),
      column(
        'How we use it',
        'To sell you tickets, pay your winnings, verify your identity and age, prevent fraud and keep you informed about your account.',
        'We send marketing only if you agree, and you can unsubscribe at any time from your communication preferences.',
      ),
      column(
        'Who we share it with',
        'Lottery operators and charities whose tickets you buy, payment providers, identity verification services and regulators when the law requires it. We do not sell your personal information.',
      ),
      column(
        'Your choices',
        'You can see and correct your details in your account, and ask us for a copy of the information we hold about you.',
        'If you are unhappy with how we handled your information, contact us first; you can also complain to the Office of the Australian Information Commissioner.',
      ),
    ],
  ),
  page('page_cookie_policy', '/about/cookie-policy', 'Cookie policy', 'Which cookies we use and how to control them.', [
    header('Cookie policy', 'Which cookies we use, and the choice you have.'),
    column(
      'Essential cookies',
      'These keep you signed in, remember your cart and store your cookie choice. The site cannot work without them, so they are always on.',
    ),
    column(
      'Non-essential cookies',
      'Analytics and marketing cookies help us understand how the site is used and which campaigns bring people to us. They are only set if you accept them.',
    ),
    column(
      'Changing your mind',
      'Your cookie choice is remembered for one year. To change it sooner, clear the cookies for this site in your browser and we will ask you again.',
    ),
  ]),
  page(
    'page_terms_and_conditions',
    '/about/terms-and-conditions',
    'Terms and conditions',
    'The terms that apply when you buy tickets from us.',
    [
      header('Terms and conditions', `These terms apply to every purchase you make with ${SITE_NAME}.`),
      column(
        'Your account',
        'You must be 18 or over and live in Australia to open an account. You may hold only one account, and you must keep your details up to date.',
      ),
      column(
        'Buying tickets',
        'A ticket is bought when we confirm your order. Orders received after a draw closes go into the next draw where the game allows it, otherwise they are refunded.',
        'Game rules, prize divisions and odds are set by each lottery operator or charity and are shown on the game pages.',
      ),
      column(
        'Prizes and your account balance',
        'Prizes are credited to your account after the official results are confirmed. Deposited funds can be used to buy tickets; winnings can also be withdrawn.',
      ),
      column(
        'Changes to these terms',
        'We will tell you before changes that affect you take effect. If you do not agree, you can close your account at any time.',
      ),
    ],
  ),
  page('page_terms_of_use', '/about/terms-of-use', 'Terms of use', 'The rules for using this website.', [
    header('Terms of use'),
    column(
      'Using this site',
      'You may use this site for your personal, non-commercial use. Do not try to interfere with it, access other customers’ accounts or collect data from it automatically.',
    ),
    column(
      'Content',
      `The text, images and logos on this site belong to ${SITE_NAME} or its partners and may not be copied without permission.`,
    ),
    column(
      'Availability',
      'We work to keep the site available at all times, but it may be unavailable during scheduled maintenance or for reasons outside our control.',
    ),
  ]),
  {
    itemKey: 'page_careers',
    status: 'draft',
    schedule: 'none',
    page: {
      path: '/about/careers',
      name: 'Careers',
      template: 'content',
      seo: { title: `Careers | ${SITE_NAME}`, description: 'Work with us.' },
      sections: [header('Careers'), column(null, 'We are not hiring right now. Check back soon.')],
    },
  },
  {
    itemKey: 'page_annual_report',
    status: 'published',
    schedule: 'scheduled',
    page: {
      path: '/about/annual-report',
      name: 'Annual report',
      template: 'content',
      seo: { title: `Annual report | ${SITE_NAME}`, description: 'Our year in numbers.' },
      sections: [
        header('Annual report', 'Our year in numbers.'),
        column(null, 'Prizes paid, money raised for charities and the causes we supported this year.'),
      ],
    },
  },
];
