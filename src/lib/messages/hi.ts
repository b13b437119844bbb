/** What the school says to parents, in Hindi: the same codes as en.ts, written as the office writes. */
import type { MessageCode } from './en.ts';

export const HI: Record<MessageCode, string> = {
  'status.admission.received': 'प्राप्त हो गया है',
  'status.admission.under-review': 'जाँच में है',
  'status.admission.documents-verified': 'दस्तावेज़ों का सत्यापन हो गया है',
  'status.admission.admitted': 'प्रवेश स्वीकृत',
  'status.admission.waitlisted': 'प्रतीक्षा सूची में',
  'status.admission.not-admitted': 'प्रवेश नहीं हो सका',
  'status.admission.withdrawn': 'आवेदन वापस ले लिया गया',
  'status.enquiry.new': 'प्राप्त हो गई है',
  'status.enquiry.contacted': 'कार्यवाही जारी है',
  'status.enquiry.visited': 'विद्यालय भ्रमण हो गया',
  'status.enquiry.applied': 'आवेदन हो गया',
  'status.enquiry.closed': 'बंद',
  'status.tc-request.requested': 'प्राप्त हो गया है',
  'status.tc-request.fee-paid': 'शुल्क जमा हो गया',
  'status.tc-request.issued': 'टी.सी. जारी हो गई',
  'status.tc-request.rejected': 'स्वीकार नहीं हुआ',
  'whatsapp.admission':
    'नमस्ते, {school} की ओर से। {student} के {class} में प्रवेश हेतु आवेदन (क्रमांक {reference}) की स्थिति: {status}। किसी भी जानकारी के लिए विद्यालय कार्यालय से {phone} पर संपर्क करें।',
  'whatsapp.enquiry':
    'नमस्ते, {school} की ओर से। {student} के {class} में प्रवेश के बारे में आपकी पूछताछ के लिए धन्यवाद। स्थिति: {status}। किसी भी जानकारी के लिए विद्यालय कार्यालय से {phone} पर संपर्क करें।',
  'whatsapp.tc-request':
    'नमस्ते, {school} की ओर से। {student} (प्रवेश संख्या {admissionNumber}) के स्थानांतरण प्रमाण पत्र (टी.सी.) के आवेदन की स्थिति: {status}। किसी भी जानकारी के लिए विद्यालय कार्यालय से {phone} पर संपर्क करें।',
  'class.name': 'कक्षा {class}',
};
