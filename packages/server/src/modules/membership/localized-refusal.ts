// The refusal texts' type, the item they make and the 422 live in domain (the demo answers
// with them too).
export { localizedItem, localizedRefusal, type RefusalTexts } from '@portal/domain';
