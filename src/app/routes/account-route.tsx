import { getRouteApi, useNavigate } from '@tanstack/react-router';
import {
  AccountPage,
  ACCOUNT_ID_PATTERN,
  NoSuchAccount,
} from '../../features/account/account-page.tsx';

const accountRoute = getRouteApi('/signed-in/account/$id');

/**
 * `/account/<id>?period=…`: the ID in the path, the 13F quarter shown in the query, so the page
 * is a link, survives reload, and Back returns to the quarter shown before.
 */
export function AccountRoute() {
  const { id } = accountRoute.useParams();
  const { period } = accountRoute.useSearch();
  const navigate = useNavigate();
  if (!ACCOUNT_ID_PATTERN.test(id)) return <NoSuchAccount id={id} reason="malformed" />;
  return (
    <AccountPage
      key={id}
      id={id}
      period={period}
      onPeriod={(next) => {
        void navigate({ to: '/account/$id', params: { id }, search: { period: next } });
      }}
    />
  );
}
