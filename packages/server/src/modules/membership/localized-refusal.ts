// The refusal texts' type, the item they make and the 422 live in domain, with the rules
// that refuse.
export { localizedItem, localizedRefusal, type RefusalTexts } from '@portal/domain';
