import { data } from 'react-router';
import type { Route } from './+types/grand-cru';
import { headMeta, i18n, pageMeta } from '../lib/i18n';
import { loadPageData } from '../lib/route-loading/page-data';
import { getGrandCru } from '../features/brochure/brochure-content.server';
import { GrandCruPage } from '../features/brochure/grand-cru-page';

export const meta = ({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return pageMeta('notFound', { noindex: true });
  const { wine } = loaderData;
  return headMeta(
    { title: i18n.t('common:meta.grandCru.title', { name: wine.name }), description: wine.metaDescription },
    { path: `/grand-crus/${wine.slug}`, type: 'article' },
  );
};

export function loader({ params }: Route.LoaderArgs) {
  const page = getGrandCru(params.slug);
  if (!page) throw data(null, { status: 404 });
  return page;
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadPageData(serverLoader);

export default function GrandCru({ loaderData }: Route.ComponentProps) {
  return <GrandCruPage data={loaderData} />;
}
