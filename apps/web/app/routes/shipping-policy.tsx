import type { Route } from './+types/shipping-policy';
import { headMeta, pageMeta } from '../lib/i18n';
import { loadPageData } from '../lib/route-loading/page-data';
import { getShippingPolicy } from '../features/legal/legal-content.server';
import { LegalPage } from '../features/legal/legal-page';

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData
    ? headMeta({ title: loaderData.content.title, description: loaderData.content.metaDescription }, { path: '/shipping-policy', type: 'article' })
    : pageMeta('error', { noindex: true });

export const loader = () => getShippingPolicy();

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadPageData(serverLoader);

export default function ShippingPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalPage data={loaderData} />;
}
