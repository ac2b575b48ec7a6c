/** The file provider's public surface, for the entry point and the CLI. */
export { FileProvider, type FileProviderOptions } from './provider';
export { loadResourcesFromPaths, listManifestFiles, type LoadResult } from './load';
export { parseManifests, parseManifestsFully, type ParseOptions, type ParseResult, type SourcedObject } from './parse';
export { collectResources, type CollectResult } from './collect';
export { GenerationTracker } from './generations';
export { formatProviderError, compareProviderErrors } from './errors';
