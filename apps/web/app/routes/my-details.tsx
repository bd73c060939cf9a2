// /my-account/my-details (protected): the customer's details; moving state may make the account unverified (the
// API's success message says so).
import { data } from "react-router";
import { AccountPage } from "../features/account/account-page.tsx";
import { DetailsForm } from "../features/account/details-form.tsx";
import {
  loadDetails,
  saveDetails,
} from "../features/account/details.server.ts";
import {
  mergeSetCookieHeaders,
  requireCustomer,
} from "../features/auth/auth.server.ts";
import { loadWebConfig } from "../features/auth/login.server.ts";
import { toRouteError } from "../lib/route-errors.ts";
import type { Route } from "./+types/my-details";

export const headers = mergeSetCookieHeaders;

export function meta() {
  return [{ title: "My details" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { auth } = await requireCustomer(request, context);
    const [{ details, defaults }, config] = await Promise.all([
      loadDetails(auth.api),
      loadWebConfig(request, context),
    ]);
    return data(
      {
        email: details.email,
        defaults,
        regions: config.regions,
        immutable: config.immutableCustomerFields,
      },
      { headers: auth.headers({ "Cache-Control": "private, no-store" }) },
    );
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const { auth } = await requireCustomer(request, context);
    const config = await loadWebConfig(request, context);
    const saved = await saveDetails(
      auth.api,
      await request.formData(),
      config.immutableCustomerFields,
    );
    return data(saved, {
      status: saved.message ? 200 : 400,
      headers: auth.headers(),
    });
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function MyDetails({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  return (
    <AccountPage title="My details">
      <DetailsForm
        {...loaderData}
        lastResult={actionData?.result}
        success={actionData?.message}
      />
    </AccountPage>
  );
}
