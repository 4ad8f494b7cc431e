import type { Route } from './+types/terms';
import { headMeta, pageMeta } from '../lib/i18n';
import { loadPageData } from '../lib/route-loading/page-data';
import { getTermsOfSale } from '../features/legal/legal-content.server';
import { LegalPage } from '../features/legal/legal-page';

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData
    ? headMeta({ title: loaderData.content.title, description: loaderData.content.metaDescription }, { path: '/terms', type: 'article' })
    : pageMeta('error', { noindex: true });

export const loader = () => getTermsOfSale();

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadPageData(serverLoader);

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalPage data={loaderData} />;
}
