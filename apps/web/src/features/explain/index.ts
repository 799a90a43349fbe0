/** The AI explanation of a learner's answer (docs/product.md#ai-tutor-and-achievements): what the result and mistakes screens compose. */
export { AskTutorButton, ASK_TUTOR_LABEL } from './components/AskTutorButton';
