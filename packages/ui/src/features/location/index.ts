// Loaded by the apps after the first screen (it pulls the users contract): `import('@khel/ui/location')`.
export { ensureUserLocation, getLocation } from './api/get-location.ts';
