import { describe, expect, it } from 'vitest';
import { readSettings } from './settings.ts';

describe('readSettings', () => {
  it('should default to port 3000, .local in the repository and the demo environment', () => {
    expect(readSettings({}, '/repo')).toMatchObject({
      port: 3000,
      dataDir: '/repo/.local',
      environmentName: 'demo',
      logins: { adminEmail: 'admin@demo.local', userEmail: 'agent@demo.local' },
    });
  });

  it('should take the environment variables, a relative DATA_DIR from the repository', () => {
    const settings = readSettings(
      { PORT: '0', DATA_DIR: 'tmp/data', ENVIRONMENT_NAME: 'staging', DEMO_ADMIN_PASSWORD: 'long-enough' },
      '/repo',
    );
    expect(settings).toMatchObject({ port: 0, dataDir: '/repo/tmp/data', environmentName: 'staging' });
    expect(settings.logins.adminPassword).toBe('long-enough');
  });

  it('should serve another build of the SPA when WEB_DIST says so', () => {
    expect(readSettings({}, '/repo').webDist).toBeUndefined();
    expect(readSettings({ WEB_DIST: '/tmp/dist' }, '/repo').webDist).toBe('/tmp/dist');
  });

  it('should inject no fault unless FAULT_RATE gives a share of the calls below 1', () => {
    expect(readSettings({}, '/repo').faultRate).toBe(0);
    expect(readSettings({ FAULT_RATE: '0.1' }, '/repo').faultRate).toBe(0.1);
    expect(() => readSettings({ FAULT_RATE: '10%' }, '/repo')).toThrow(/FAULT_RATE/);
    expect(() => readSettings({ FAULT_RATE: '1' }, '/repo')).toThrow(/FAULT_RATE/);
  });

  it('should refuse a port that is not one', () => {
    expect(() => readSettings({ PORT: 'eighty' }, '/repo')).toThrow(/PORT/);
    expect(() => readSettings({ PORT: '70000' }, '/repo')).toThrow(/PORT/);
  });

  it('should refuse a demo password the product would refuse', () => {
    expect(() => readSettings({ DEMO_USER_PASSWORD: 'short' }, '/repo')).toThrow(/DEMO_USER_PASSWORD/);
  });
});
