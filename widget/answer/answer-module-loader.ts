/**
 * The answer renderer (parse, check, render), loaded on first need so it stays out of the
 * first-load bundle. Until it arrives an answer is shown as plain text.
 */
import { ModuleLoader } from '../shell/module-loader.js';

export type AnswerViewModule = typeof import('./answer-view.js');

export class AnswerModuleLoader extends ModuleLoader<AnswerViewModule> {
  /**
   * @param onLoaded Called once the module is there (the element re-renders its answers).
   * @param importModule The dynamic import; replaced only in tests.
   */
  constructor(onLoaded: (module: AnswerViewModule) => void, importModule: () => Promise<AnswerViewModule> = () => import('./answer-view.js')) {
    super('answer renderer', onLoaded, importModule);
  }
}
