import { config } from 'zod/mini';
import { en } from 'zod/locales';

// Classic zod installs its English messages by itself; zod/mini does not. Without this, every issue
// the contract does not word itself (e.g. a `maxLength` without `error`: "Too big: expected string
// to have <=64 characters") would read "Invalid input". Imported first by main.tsx and the test setup.
config(en());
