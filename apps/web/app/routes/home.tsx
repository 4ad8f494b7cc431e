import { pageMeta } from '../lib/i18n';
import { HomePage } from '../features/home/home-page';

export const meta = () => pageMeta('home', { path: '/' });

export default function Home() {
  return <HomePage />;
}
