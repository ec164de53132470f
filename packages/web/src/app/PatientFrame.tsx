import { Outlet } from 'react-router';
import './patient-frame.css';

/**
 * The frame of patient screens (ticket, monitor, kiosk, embed): plain markup and one small
 * stylesheet, so a cheap phone loads neither Mantine nor any staff code.
 */
export function PatientFrame() {
  return (
    <div className="patient-frame">
      <Outlet />
    </div>
  );
}
