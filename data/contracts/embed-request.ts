/** The `/api/embed` contract shared by the widget and the proxy. */
export interface EmbedRequest {
  /** The query text to embed (<= 1,000 characters). */
  readonly text: string;
}

export interface EmbedResponse {
  /** Unit-length query vector with `dims` numbers, for the index named by `indexId`. */
  readonly embedding: readonly number[];
  readonly dims: number;
  readonly model: string;
  readonly indexId: string;
}
