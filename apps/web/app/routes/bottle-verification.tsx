import { pageMeta } from '../lib/i18n';
import { BottleVerificationPage } from '../features/bottles/bottle-verification-page';
// Styles of the bottle verification page; only this page loads them.
import '../styles/bottles.css';

export const meta = () => pageMeta('bottleVerification', { path: '/bottle-verification' });

export default function BottleVerification() {
  return <BottleVerificationPage />;
}
