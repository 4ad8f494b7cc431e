import type { Route } from './+types/team';
import { pageMeta } from '../lib/i18n';
import { loadPageData } from '../lib/route-loading/page-data';
import { getTeam } from '../features/brochure/brochure-content.server';
import { TeamPage } from '../features/brochure/team-page';

export const meta = () => pageMeta('team', { path: '/team', type: 'article' });

export const loader = () => getTeam();

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadPageData(serverLoader);

export default function Team({ loaderData }: Route.ComponentProps) {
  return <TeamPage content={loaderData} />;
}
