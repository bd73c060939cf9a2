// The spend-limits screen (spec features §3 Spend limits, §5 weekly deposit limit help; issue 8 §1, §3, §7): a card per
// period with the limit in force, what is spent and left, a raise waiting out the cooling-off delay, and its form;
// the site-wide limits; and the deposit limits (id="deposit", the cart's deposit_limit action lands there).
import type { CustomerLimit, DepositLimits, SpendLimits } from '@shop/contracts';
import { moneyToCents } from '@shop/contracts';
import { Link } from 'react-router';
import { LimitForm, LimitUsage, NoticeBanner, type LimitFormState, type LimitSite } from './limit-card.tsx';
import {
  amountLabel,
  depositPeriodHelp,
  LIMIT_PERIODS,
  limitFieldLabel,
  PERIOD_NAMES,
  spendPeriodHelp,
  type LimitPeriod,
} from './rg-rules.ts';

function byPeriod<T extends { period: LimitPeriod }>(list: readonly T[], period: LimitPeriod): T | null {
  return list.find((l) => l.period === period) ?? null;
}

function SpendLimitCard(props: {
  period: LimitPeriod;
  limit: CustomerLimit | null;
  site: LimitSite;
  state: LimitFormState | null;
  from: string | null;
}) {
  const { period, limit, site } = props;
  return (
    <section
      className="rounded-theme border border-[#c4c4c4] p-1"
      aria-labelledby={`spend-${period}-heading`}
      data-testid={`spend-limit-${period}`}
    >
      <h3 id={`spend-${period}-heading`} className="mb-0.5 text-xl font-bold">
        {PERIOD_NAMES[period]} spend limit
      </h3>
      {limit ? <LimitUsage limit={limit} site={site} /> : <p className="mb-1">No {period} limit set.</p>}
      <LimitForm
        formId={`spend-${period}`}
        intent="spend"
        period={period}
        label={limitFieldLabel(period, site.currency, site.locale)}
        hint={spendPeriodHelp(period)}
        current={limit}
        state={props.state}
        hidden={props.from ? { from: props.from } : undefined}
        removeIntent="remove-spend"
      />
    </section>
  );
}

function DepositLimitCard(props: {
  period: LimitPeriod;
  limit: CustomerLimit | null;
  site: LimitSite;
  state: LimitFormState | null;
}) {
  const { period, limit, site } = props;
  return (
    <section
      className="rounded-theme border border-[#c4c4c4] p-1"
      aria-labelledby={`deposit-${period}-heading`}
      data-testid={`deposit-limit-${period}`}
    >
      <h3 id={`deposit-${period}-heading`} className="mb-0.5 text-xl font-bold">
        {PERIOD_NAMES[period]} deposit limit
      </h3>
      {limit ? (
        <LimitUsage limit={limit} site={site} spentLabel="Deposited" rolling />
      ) : (
        <p className="mb-1">No {period} deposit limit set.</p>
      )}
      <LimitForm
        formId={`deposit-${period}`}
        intent="deposit"
        period={period}
        label={limitFieldLabel(period, site.currency, site.locale, 'deposit')}
        hint={depositPeriodHelp(period)}
        current={limit}
        state={props.state}
        removeIntent="remove-deposit"
      />
    </section>
  );
}

export function SpendLimitsView(props: {
  limits: SpendLimits;
  deposits: DepositLimits | null;
  site: LimitSite;
  notice: string | null;
  state: LimitFormState | null;
  from: string | null;
}) {
  const { limits, deposits, site } = props;
  const periods = limits.availablePeriods.length ? limits.availablePeriods : LIMIT_PERIODS;
  const depositPeriods = deposits?.availablePeriods.length ? deposits.availablePeriods : LIMIT_PERIODS;
  return (
    <>
      <NoticeBanner text={props.notice} />
      {props.from === 'cart' ? (
        <p className="mb-1 rounded-theme border-l-4 border-[#0d47a1] bg-[#e3f2fd] p-0.5 text-black">
          After you save a spend limit we take you back to your cart. A lower limit applies at once; a higher one only
          after {limits.coolingOffDays} days.{' '}
          <Link to="/cart" className="underline">
            Back to cart
          </Link>
        </p>
      ) : null}
      <p className="mb-1">
        Set how much you can spend on tickets each day, week or month. A lower limit applies straight away. A higher
        limit, or removing a limit, applies only after a cooling-off period of {limits.coolingOffDays} days.
      </p>
      {limits.spendLimitRequired && limits.customerLimits.length === 0 ? (
        <p role="alert" className="mb-1 rounded-theme border-l-4 border-[#b00020] bg-[#fdecee] p-0.5 text-black">
          Please set a spend limit before you buy tickets.
        </p>
      ) : null}
      <h2 className="mb-0.5 text-2xl font-bold">Your spend limits</h2>
      <div className="mb-2 grid gap-1">
        {periods.map((period) => (
          <SpendLimitCard
            key={period}
            period={period}
            limit={byPeriod(limits.customerLimits, period)}
            site={site}
            state={props.state}
            from={props.from}
          />
        ))}
      </div>
      {limits.systemLimits.length ? (
        <section className="mb-2" aria-labelledby="system-limits-heading">
          <h2 id="system-limits-heading" className="mb-0.5 text-2xl font-bold">
            Site-wide limits
          </h2>
          <p className="mb-0.5">These limits apply to every customer and cannot be changed.</p>
          <ul className="grid gap-0.5" data-testid="system-limits">
            {limits.systemLimits.map((s) => (
              <li key={s.period} className="rounded-theme border border-[#c4c4c4] p-0.5">
                <strong>{PERIOD_NAMES[s.period]}:</strong>{' '}
                {amountLabel(moneyToCents(s.limit), s.limit.currency, site.locale)} (spent{' '}
                {amountLabel(moneyToCents(s.amountSpent), s.amountSpent.currency, site.locale)}, remaining{' '}
                {amountLabel(moneyToCents(s.remaining), s.remaining.currency, site.locale)})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section id="deposit" className="mb-2 scroll-mt-2" aria-labelledby="deposit-limits-heading">
        <h2 id="deposit-limits-heading" className="mb-0.5 text-2xl font-bold">
          Deposit limits
        </h2>
        <p className="mb-1">Limit how much you can deposit into your account.</p>
        {deposits ? (
          <div className="grid gap-1">
            {depositPeriods.map((period) => (
              <DepositLimitCard
                key={period}
                period={period}
                limit={byPeriod(deposits.customerLimits, period)}
                site={site}
                state={props.state}
              />
            ))}
          </div>
        ) : (
          <p>Deposit limits cannot be shown right now. Please try again later.</p>
        )}
      </section>
      <section className="mb-2" aria-labelledby="more-tools-heading">
        <h2 id="more-tools-heading" className="mb-0.5 text-2xl font-bold">
          More ways to stay in control
        </h2>
        <ul className="grid gap-0.5">
          <li>
            <Link to="/my-account/precommitment-limit" className="underline">
              Pre-commitment limit
            </Link>
          </li>
          <li>
            <Link to="/my-account/responsible-gambling" className="underline">
              Take a break or exclude yourself
            </Link>
          </li>
          <li>
            <Link to="/about/responsible-gaming" className="underline">
              Responsible gambling and where to get help
            </Link>
          </li>
        </ul>
      </section>
    </>
  );
}
