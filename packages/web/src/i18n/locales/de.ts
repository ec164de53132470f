import { bundlesFrom } from './bundles';

// Every namespace file of this language, bundled into one chunk.
export default bundlesFrom(import.meta.glob('../../../../shared/src/i18n/de/*.json', { eager: true, import: 'default' }));
