/**
 * The query flags of `/embed/queue/iframe/:queueId` (docs/product.md#screens-and-routes). A flag is set only when its
 * text is exactly `true`: `?hideCalled=1` or `?hideCalled=TRUE` leave it off. The rollout
 * center writes these into the iframe snippet.
 */
export const EMBED_FLAGS = ['hideTitle', 'hideWait', 'hideCalled', 'sameWindow', 'transparent'] as const;
export type EmbedFlag = (typeof EMBED_FLAGS)[number];

export function embedFlags(search: URLSearchParams): Record<EmbedFlag, boolean> {
  return Object.fromEntries(EMBED_FLAGS.map((flag) => [flag, search.get(flag) === 'true'])) as Record<EmbedFlag, boolean>;
}
