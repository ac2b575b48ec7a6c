/** The file provider's public surface, for the entry point and the CLI. */
export { FileProvider, type FileProviderOptions, type FileProviderStats } from './provider';
export { FileReader, Slicer, type ReadResult, type FsApi } from './read';
export { loadResourcesFromPaths, listManifestFiles, type LoadResult } from './load';
export { parseManifests, parseManifestsFully, type ParseOptions, type ParseResult, type SourcedObject } from './parse';
export { collectResources, type CollectResult } from './objects/collect';
export { GenerationTracker } from './objects/generations';
export { formatProviderError, compareProviderErrors } from './errors';
