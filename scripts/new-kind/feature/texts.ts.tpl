/**
 * The {{title}} request's interface texts, in English and Hindi (the same codes): scripts/kinds-registry.ts
 * copies them into the tables (src/lib/i18n/kind-texts.generated.ts).
 */
export const {{CONST}}_TEXTS = {
  en: {
    'status.{{kebab}}.new': 'received',
    'status.{{kebab}}.under-review': 'under review',
    'status.{{kebab}}.granted': 'granted',
    'status.{{kebab}}.refused': 'not granted',
    'message.{{kebab}}.submitted.subject': '{{Title}} request received',
    'message.{{kebab}}.submitted':
      'We have received your {{title}} request for {class}. The school office will look into it and let you know.',
    'message.{{kebab}}.status.subject': '{{Title}} request: {status}',
    'message.{{kebab}}.status': 'Your {{title}} request for {class} is now: {status}.',
    'mobile.what.{{kebab}}': '{{title}} request for {class}',
  },
  hi: {
    'status.{{kebab}}.new': 'प्राप्त हो गया है',
    'status.{{kebab}}.under-review': 'विचाराधीन',
    'status.{{kebab}}.granted': 'स्वीकृत',
    'status.{{kebab}}.refused': 'स्वीकृत नहीं हुआ',
    'message.{{kebab}}.submitted.subject': '{{hindi}} का आवेदन प्राप्त हुआ',
    'message.{{kebab}}.submitted':
      '{class} के लिए आपका {{hindi}} का आवेदन विद्यालय को मिल गया है। विद्यालय कार्यालय इस पर विचार करके आपको सूचित करेगा।',
    'message.{{kebab}}.status.subject': '{{hindi}} का आवेदन: {status}',
    'message.{{kebab}}.status': '{class} के लिए आपके {{hindi}} के आवेदन की स्थिति अब: {status}।',
    'mobile.what.{{kebab}}': '{class} के लिए {{hindi}} का आवेदन',
  },
} as const;
