import { Outlet } from 'react-router';
import { ConsoleLayout } from '../layout/console-layout';
import { RequireStaff } from '../layout/require-staff';

export default function Console() {
  return (
    <RequireStaff>
      <ConsoleLayout>
        <Outlet />
      </ConsoleLayout>
    </RequireStaff>
  );
}
