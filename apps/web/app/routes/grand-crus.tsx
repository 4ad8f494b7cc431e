import type { Route } from './+types/grand-crus';
import { pageMeta } from '../lib/i18n';
import { loadPageData } from '../lib/route-loading/page-data';
import { getGrandCrusIndex } from '../features/brochure/brochure-content.server';
import { GrandCrusPage } from '../features/brochure/grand-crus-page';

export const meta = () => pageMeta('grandCrus', { path: '/grand-crus', type: 'article' });

export const loader = () => getGrandCrusIndex();

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadPageData(serverLoader);

export default function GrandCrus({ loaderData }: Route.ComponentProps) {
  return <GrandCrusPage content={loaderData} />;
}
