import type { Route } from './+types/privacy';
import { headMeta, pageMeta } from '../lib/i18n';
import { loadPageData } from '../lib/route-loading/page-data';
import { getPrivacyPolicy } from '../features/legal/legal-content.server';
import { LegalPage } from '../features/legal/legal-page';

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData
    ? headMeta({ title: loaderData.content.title, description: loaderData.content.metaDescription }, { path: '/privacy', type: 'article' })
    : pageMeta('error', { noindex: true });

export const loader = () => getPrivacyPolicy();

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadPageData(serverLoader);

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalPage data={loaderData} />;
}
