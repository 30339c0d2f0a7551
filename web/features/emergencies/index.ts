// The emergencies feature's surface for the staff layouts: the navbar count, the new-request banner.
export { EmergencyAlert } from './components/emergency-alert.tsx';
export { useEmergencyAlerts } from './lib/use-emergency-alerts.ts';
