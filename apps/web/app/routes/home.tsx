import { pageMeta } from '../lib/i18n';
import { HomePage } from '../features/home/home-page';
import { MemberHomeRedirect } from '../features/home/member-home-redirect';

export const meta = () => pageMeta('home', { path: '/' });

export default function Home() {
  return (
    <>
      <MemberHomeRedirect />
      <HomePage />
    </>
  );
}
