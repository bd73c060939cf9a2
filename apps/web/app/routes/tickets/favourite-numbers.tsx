// Favourite numbers (/my-account/favourite-numbers, features §5): view and edit the customer's favourite numbers per
// lottery; saving replaces the whole list (PUT /favourite-numbers). Works as a plain form without JavaScript.
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, useNavigation } from 'react-router';
import { submissionErrors, submittedText } from '../../lib/form-data.ts';
import { loadOffers } from '../../features/lotteries/lotteries.server.ts';
import {
  apiErrorsToFields,
  FAVOURITES_SAVED,
  favouriteGames,
  fieldName,
  numbersText,
  favouritesFormSchema,
} from '../../features/tickets/favourite-numbers.ts';
import { loadFavourites, saveFavourites } from '../../features/tickets/tickets.server.ts';
import { NumberBalls } from '../../features/tickets/number-balls.tsx';
import type { Route } from './+types/favourite-numbers';
import { withSuccessToast } from '../../lib/toast.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Favourite numbers' }];

async function games(request: Request, context: Route.LoaderArgs['context']) {
  const offers = await loadOffers(context, request);
  return favouriteGames(offers.filter((o) => o.type === 'lottery_ticket').map((o) => o.key));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth, favourites } = await loadFavourites(request, context);
  return data(
    { games: await games(request, context), favourites },
    { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const list = await games(request, context);
  const submission = parseWithZod(await request.formData(), { schema: favouritesFormSchema(list) });
  const values = submittedText(
    submission,
    list.flatMap((g) => g.sets.map((s) => fieldName(g.lotteryKey, s.name))),
  );
  if (submission.status !== 'success')
    return data(
      { saved: false, fieldErrors: submissionErrors(submission).fieldErrors, values, message: null },
      { status: 422 },
    );
  const favourites = submission.value;
  const res = await saveFavourites(request, context, favourites);
  if (!res.ok) {
    const mapped = apiErrorsToFields(res.fieldErrors, favourites);
    return data(
      { saved: false, fieldErrors: mapped, values, message: Object.keys(mapped).length ? null : res.message },
      { status: 422, headers: res.headers },
    );
  }
  return data(
    { saved: true, fieldErrors: {} as Record<string, string[]>, values, message: FAVOURITES_SAVED },
    { headers: withSuccessToast(new Headers(res.headers), FAVOURITES_SAVED) },
  );
}

export default function FavouriteNumbersRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { games: list, favourites } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Favourite numbers</h1>
      <p>Keep your favourite numbers for each lottery and use them with one tap when you build a ticket.</p>
      {actionData?.message && !actionData.saved ? (
        // A save's success is the toast (features §8); only a failure stays on the page.
        <p
          role="alert"
          className="rounded-theme border-2 border-error p-0.5 font-semibold text-error"
          data-testid="favourites-notice"
        >
          {actionData.message}
        </p>
      ) : null}
      <Form method="post" className="flex flex-col gap-1" noValidate>
        {list.map((game) => {
          const saved = favourites.find((f) => f.lotteryKey === game.lotteryKey);
          return (
            <fieldset
              key={game.lotteryKey}
              className="flex flex-col gap-0.5 rounded-theme border border-black/10 p-1"
              data-testid="favourite-game"
            >
              <legend className="px-0.25 text-xl font-bold">{game.name}</legend>
              {saved ? (
                <div className="flex flex-wrap gap-0.5">
                  {game.sets.map((s) =>
                    saved.sets[s.name]?.length ? (
                      <NumberBalls
                        key={s.name}
                        numbers={saved.sets[s.name]!}
                        variant={s.name === 'numbers' ? 'main' : 'bonus'}
                        size="sm"
                        label={`Saved ${game.name} ${s.label}`}
                      />
                    ) : null,
                  )}
                </div>
              ) : null}
              <div className="grid grid-cols-1 gap-0.5 md:grid-cols-2">
                {game.sets.map((s) => {
                  const name = fieldName(game.lotteryKey, s.name);
                  const err = errors[name]?.[0];
                  return (
                    <label key={s.name} className="flex flex-col gap-0.25 text-sm font-semibold">
                      {s.label} (up to {s.pick}, {s.from} to {s.to})
                      <input
                        name={name}
                        inputMode="numeric"
                        autoComplete="off"
                        defaultValue={actionData?.values[name] ?? numbersText(saved?.sets[s.name])}
                        aria-invalid={err ? true : undefined}
                        aria-describedby={err ? `${name}-error` : undefined}
                        className="min-h-[44px] rounded-theme border border-black/30 px-0.5 text-base font-normal"
                        placeholder="e.g. 7, 12, 30"
                      />
                      {err ? (
                        <span id={`${name}-error`} className="font-normal text-error">
                          {err}
                        </span>
                      ) : null}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
        <button type="submit" className="btn btn-primary self-start" disabled={navigation.state === 'submitting'}>
          Save favourite numbers
        </button>
      </Form>
    </div>
  );
}
