import { inject } from 'vitest';
import './provided-context.ts';

// Runs in each test file before it imports anything of the functions, which read process.env.
Object.assign(process.env, inject('integrationEnvironment'));
