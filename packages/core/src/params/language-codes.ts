// ISO 639 language codes (video-subtitle-lang, video-subtitle-translations, video-vtt-lang), from
// Debian's iso-codes 4.15.0 (iso_639-2.json): every ISO 639-2 code, terminology and bibliographic,
// with its ISO 639-1 code where it has one. The special codes (mis, mul, qaa-qtz, und, zxx) are
// left out: none of them is a language to transcribe or translate into.

// `alpha-3:alpha-2` pairs; the bibliographic form follows the terminology one (`deu:de ger:de`).
const WITH_TWO_LETTERS = `
aar:aa abk:ab afr:af aka:ak amh:am ara:ar arg:an asm:as ava:av ave:ae aym:ay aze:az bak:ba
bam:bm bel:be ben:bn bih:bh bis:bi bod:bo tib:bo bos:bs bre:br bul:bg cat:ca ces:cs cze:cs
cha:ch che:ce chu:cu chv:cv cor:kw cos:co cre:cr cym:cy wel:cy dan:da deu:de ger:de div:dv
dzo:dz ell:el gre:el eng:en epo:eo est:et eus:eu baq:eu ewe:ee fao:fo fas:fa per:fa fij:fj
fin:fi fra:fr fre:fr fry:fy ful:ff gla:gd gle:ga glg:gl glv:gv grn:gn guj:gu hat:ht hau:ha
heb:he her:hz hin:hi hmo:ho hrv:hr hun:hu hye:hy arm:hy ibo:ig ido:io iii:ii iku:iu ile:ie
ina:ia ind:id ipk:ik isl:is ice:is ita:it jav:jv jpn:ja kal:kl kan:kn kas:ks kat:ka geo:ka
kau:kr kaz:kk khm:km kik:ki kin:rw kir:ky kom:kv kon:kg kor:ko kua:kj kur:ku lao:lo lat:la
lav:lv lim:li lin:ln lit:lt ltz:lb lub:lu lug:lg mah:mh mal:ml mar:mr mkd:mk mac:mk mlg:mg
mlt:mt mon:mn mri:mi mao:mi msa:ms may:ms mya:my bur:my nau:na nav:nv nbl:nr nde:nd ndo:ng
nep:ne nld:nl dut:nl nno:nn nob:nb nor:no nya:ny oci:oc oji:oj ori:or orm:om oss:os pan:pa
pli:pi pol:pl por:pt pus:ps que:qu roh:rm ron:ro rum:ro run:rn rus:ru sag:sg san:sa sin:si
slk:sk slo:sk slv:sl sme:se smo:sm sna:sn snd:sd som:so sot:st spa:es sqi:sq alb:sq srd:sc
srp:sr ssw:ss sun:su swa:sw swe:sv tah:ty tam:ta tat:tt tel:te tgk:tg tgl:tl tha:th tir:ti
ton:to tsn:tn tso:ts tuk:tk tur:tr twi:tw uig:ug ukr:uk urd:ur uzb:uz ven:ve vie:vi vol:vo
wln:wa wol:wo xho:xh yid:yi yor:yo zha:za zho:zh chi:zh zul:zu`;

// ISO 639-2 codes without an ISO 639-1 code.
const THREE_LETTERS_ONLY = `
ace ach ada ady afa afh ain akk ale alg alt ang anp apa arc arn arp art arw ast ath aus awa
bad bai bal ban bas bat bej bem ber bho bik bin bla bnt bra btk bua bug byn cad cai car cau
ceb cel chb chg chk chm chn cho chp chr chy cmc cnr cop cpe cpf cpp crh crp csb cus dak dar
day del den dgr din doi dra dsb dua dum dyu efi egy eka elx enm ewo fan fat fil fiu fon frm
fro frr frs fur gaa gay gba gem gez gil gmh goh gon gor got grb grc gsw gwi hai haw hil him
hit hmn hsb hup iba ijo ilo inc ine inh ira iro jbo jpr jrb kaa kab kac kam kar kaw kbd kha
khi kho kmb kok kos kpe krc krl kro kru kum kut lad lah lam lez lol loz lua lui lun luo lus
mad mag mai mak man map mas mdf mdr men mga mic min mkh mnc mni mno moh mos mun mus mwl mwr
myn myv nah nai nap nds new nia nic niu nog non nqo nso nub nwc nym nyn nyo nzi osa ota oto
paa pag pal pam pap pau peo phi phn pon pra pro raj rap rar roa rom rup sad sah sai sal sam
sas sat scn sco sel sem sga sgn shn sid sio sit sla sma smi smj smn sms snk sog son srn srr
ssa suk sus sux syc syr tai tem ter tet tig tiv tkl tlh tli tmh tog tpi tsi tum tup tut tvl
tyv udm uga umb vai vot wak wal war was wen xal yao yap ypk zap zbl zen zgh znd zun zza`;

const canonical = new Map<string, string>();
// The terminology code of each two-letter code (the first of its pairs), and the bibliographic
// one (the last: the same code for most languages).
const terminology = new Map<string, string>();
const bibliographic = new Map<string, string>();
for (const pair of WITH_TWO_LETTERS.trim().split(/\s+/)) {
  const [three = '', two = ''] = pair.split(':');
  canonical.set(three, two);
  canonical.set(two, two);
  if (!terminology.has(two)) terminology.set(two, three);
  bibliographic.set(two, three);
}
for (const three of THREE_LETTERS_ONLY.trim().split(/\s+/)) canonical.set(three, three);

/**
 * The code of the language `text` names as an ISO 639-1 or ISO 639-2 code (case-insensitive), in
 * the shortest form, as BCP 47 writes it: `fra`, `fre` and `FR` are all `fr`; `haw` stays `haw`.
 * Undefined for anything else.
 */
export function languageCode(text: string): string | undefined {
  return /^[a-z]{2,3}$/i.test(text) ? canonical.get(text.toLowerCase()) : undefined;
}

/**
 * The ISO 639-2 code (three letters) of a language code as languageCode answers it: what
 * containers tag a stream with. An MP4 track's language is the terminology form (ISO/IEC 14496-12
 * section 8.4.2.3 packs three letters); Matroska's Language element the bibliographic one (RFC
 * 9559 section 12: `fre`, `ger`). Undefined for anything else.
 */
export function threeLetterLanguageCode(
  code: string,
  form: 'terminology' | 'bibliographic' = 'terminology',
): string | undefined {
  if (/^[a-z]{3}$/.test(code)) return canonical.get(code) === code ? code : undefined;
  return (form === 'terminology' ? terminology : bibliographic).get(code);
}
