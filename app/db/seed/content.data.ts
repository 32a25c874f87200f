import type { SeedContent } from "./content.types";

// The demo content: the static pages, the Journal, the care guide ("Cura del capo") and the two
// "inside" stories, in Italian and English (Whistleblowing in Italian only). Bodies are Markdown;
// the shop's constants are always {{placeholders}} (see content.types.ts), never typed.

/* ------------------------------------------------------------------------------------------ */
/* Pages (/pages/{key}, /en/pages/{key})                                                       */
/* ------------------------------------------------------------------------------------------ */

const pages: SeedContent[] = [
  {
    kind: "page",
    key: "Faq",
    publishedDaysAgo: 210,
    translations: {
      it: {
        slug: "Faq",
        title: "Domande frequenti",
        excerpt: "Ordini, taglie, spedizioni, pagamenti e resi: le risposte alle domande che ci fai più spesso.",
        body: `Qui trovi le domande che riceviamo più spesso. Se la tua non c'è, scrivici a {{supportEmail}} o chiamaci al {{supportPhone}}, {{supportHours}}: ti risponde una persona del nostro servizio clienti, non un modulo automatico.

## Ordini

### Come faccio un ordine?

Scegli il capo, il colore e la taglia e aggiungilo al carrello. Quando sei pronto, apri il [carrello](/cart) e vai al checkout: puoi accedere al tuo account, crearne uno o continuare come ospite. Appena il pagamento è andato a buon fine ricevi una mail con il riepilogo dell'ordine. Con un account ritrovi ordini e indirizzi in [Il mio account](/account).

### Posso modificare o annullare un ordine?

Prepariamo gli ordini in fretta, quindi scrivici subito a {{supportEmail}} indicando il numero d'ordine. Se il pacco non è ancora partito, lo modifichiamo o lo annulliamo volentieri. Se è già in viaggio, puoi restituirlo una volta ricevuto seguendo la procedura di [reso](/pages/Returns).

## Taglie

### Come scelgo la taglia giusta?

Ogni scheda prodotto indica la vestibilità del capo: aderente, regolare o ampia. Il metodo più affidabile è confrontare le misure con un capo simile che hai già e che ti sta bene. Se sei tra due taglie:

- per **cappotti e maglieria** scegli la più grande, così hai spazio per gli strati;
- per **camicie e pantaloni** scegli quella più vicina alle tue misure di torace e vita.

Se la taglia che cerchi è esaurita, selezionala comunque e lascia la tua mail: ti avvisiamo appena torna disponibile.

## Spedizioni

### Spedite anche fuori dall'Italia?

Questo negozio spedisce solo in Italia. Se vivi in un altro paese dell'Unione europea, scegli il tuo paese dal selettore nell'intestazione: ti accompagniamo al nostro negozio europeo, con prezzi, tempi di consegna e condizioni pensati per la tua zona. Un ordine fatto qui non può essere consegnato fuori dall'Italia.

### Quanto costa la spedizione e quando arriva il mio ordine?

La spedizione è gratuita per ordini da {{freeShippingFrom}}; sotto questa cifra costa {{shippingFee}}. Affidiamo i pacchi a {{courier}}, che consegna in {{deliveryDays}}. Quando l'ordine parte ti mandiamo una mail con il link per seguirlo. Tutti i dettagli sono nella pagina [Spedizioni](/pages/Shipping).

## Pagamenti

### Come posso pagare?

Puoi pagare con {{paymentMethods}}. I pagamenti passano attraverso circuiti sicuri: noi non vediamo né conserviamo i dati delle tue carte. L'importo viene addebitato solo quando confermi l'ordine.

## Resi

### Posso restituire un capo?

Certo. Hai {{returnDays}} giorni lavorativi dalla consegna per restituire ciò che non ti convince, purché non sia stato indossato e abbia ancora le etichette. Il costo della spedizione di reso, {{returnFee}}, viene trattenuto dal rimborso; se il capo è difettoso, il reso è a carico nostro. La procedura passo per passo è nella pagina [Resi](/pages/Returns).

## Prezzi

### Cosa significa il prezzo barrato?

Quando un capo è in saldo vedi il nuovo prezzo accanto a quello precedente, barrato. {{lowestPriceNotice}} Lo chiede la legge (la cosiddetta direttiva Omnibus) ed è una garanzia per te: lo sconto è calcolato su un prezzo davvero applicato, non su uno gonfiato per l'occasione.

## Cura dei capi

### Come mi prendo cura dei miei capi?

Ogni scheda prodotto riporta composizione e istruzioni di lavaggio. Per saperne di più, la nostra guida [Cura del capo](/curadelcapo) spiega come lavare lana e cashmere, stirare il lino, trattare la seta e nutrire la pelle. Un capo trattato bene dura anni: è il modo più semplice di vestire in modo sostenibile.

## Regali

### Posso fare un regalo?

Sì. Al checkout inserisci l'indirizzo di chi riceve il regalo come indirizzo di spedizione: ogni ordine parte nella nostra scatola, avvolto in carta velina. Se vuoi aggiungere un biglietto scritto a mano, scrivici a {{supportEmail}} subito dopo l'ordine con il messaggio e il numero d'ordine. Se la taglia non è quella giusta, il reso va richiesto da chi ha fatto l'ordine e il rimborso torna sul metodo di pagamento usato.`,
        metaTitle: "Domande frequenti | Bottega",
        metaDescription:
          "Ordini, taglie, spedizioni in Italia, pagamenti, resi e cura dei capi: le risposte alle domande più frequenti sul negozio online Bottega.",
        keywords: "domande frequenti, faq, ordini, taglie, spedizioni, pagamenti, resi, Bottega",
      },
      en: {
        slug: "Faq",
        title: "Frequently asked questions",
        excerpt: "Orders, sizes, shipping, payments and returns: answers to the questions you ask us most.",
        body: `These are the questions we hear most often. If yours isn't here, write to {{supportEmail}} or call {{supportPhone}}, {{supportHours}}: a real person from our customer care team will get back to you.

## Orders

### How do I place an order?

Choose the piece, the colour and the size, then add it to your bag. When you're ready, open your [bag](/en/cart) and go to checkout: you can sign in, create an account or carry on as a guest. As soon as your payment goes through we send you an email with a summary of your order. With an account, your orders and addresses are always in [My account](/en/account).

### Can I change or cancel my order?

We pack orders quickly, so write to {{supportEmail}} straight away with your order number. If the parcel hasn't left yet, we'll gladly change or cancel it. If it's already on its way, you can return it once it arrives by following the [returns](/en/pages/Returns) procedure.

## Sizes

### How do I choose the right size?

Every product page tells you how the piece fits: slim, regular or relaxed. The most reliable method is to compare it with a similar garment you already own and like. If you're between two sizes:

- for **coats and knitwear**, take the larger one, so there's room for layers;
- for **shirts and trousers**, take the one closest to your chest and waist measurements.

If the size you want has sold out, select it anyway and leave your email: we'll let you know as soon as it's back.

## Shipping

### Do you ship outside Italy?

This shop ships to Italy only. If you live elsewhere in the European Union, choose your country from the selector in the header and we'll take you to our European shop, with prices, delivery times and terms set for your country. Orders placed here can't be delivered outside Italy.

### How much is shipping, and when will my order arrive?

Shipping is free on orders of {{freeShippingFrom}} or more; below that it costs {{shippingFee}}. Our parcels travel with {{courier}} and arrive in {{deliveryDays}}. When your order leaves we email you a link to track it. You'll find every detail on the [Shipping](/en/pages/Shipping) page.

## Payments

### How can I pay?

You can pay with {{paymentMethods}}. Payments go through secure, certified providers: we never see or store your card details, and you're only charged when you confirm the order.

## Returns

### Can I return something?

Of course. You have {{returnDays}} working days from delivery to send back anything that isn't right, as long as it hasn't been worn and still has its tags. The return shipping cost, {{returnFee}}, is deducted from your refund; if the piece is faulty, the return is on us. The step-by-step procedure is on the [Returns](/en/pages/Returns) page.

## Prices

### What does the crossed-out price mean?

When a piece is on sale you see the new price next to the previous one, struck through. {{lowestPriceNotice}} The law requires it (the so-called Omnibus directive), and it protects you: the discount is measured against a price we actually charged, not one inflated for the occasion.

## Care

### How do I look after my clothes?

Every product page lists the composition and washing instructions. To go further, our [care guide](/en/careguide) explains how to wash wool and cashmere, press linen, handle silk and feed leather. A well-kept garment lasts for years, which is the simplest way to dress sustainably.

## Gifts

### Can I send a gift?

Yes. At checkout, enter the recipient's address as the shipping address: every order leaves in our box, wrapped in tissue paper. If you'd like to add a handwritten card, email {{supportEmail}} right after ordering with your message and order number. If the size isn't right, the return must be requested by whoever placed the order, and the refund goes back to the original payment method.`,
        metaTitle: "Frequently asked questions | Bottega",
        metaDescription:
          "Orders, sizes, shipping within Italy, payments, returns and garment care: answers to the most common questions about the Bottega online shop.",
        keywords: "faq, frequently asked questions, orders, sizes, shipping, payments, returns, Bottega",
      },
    },
  },
  {
    kind: "page",
    key: "Returns",
    publishedDaysAgo: 210,
    translations: {
      it: {
        slug: "Returns",
        title: "Resi e rimborsi",
        excerpt: "Un capo non ti convince? Restituirlo è semplice: ecco entro quando, a quali condizioni e come ricevi il rimborso.",
        body: `Vogliamo che restituire un capo sia semplice quanto sceglierlo. Se qualcosa non ti convince, per la taglia, il colore o semplicemente perché dal vivo non è come l'avevi immaginato, puoi rimandarcelo.

## Entro quando

Hai **{{returnDays}} giorni lavorativi dalla consegna** per chiedere il reso di uno o più articoli del tuo ordine. Non serve spiegarci il motivo, ma se vuoi raccontarcelo ci aiuti a migliorare.

## A quali condizioni

- Il capo non deve essere stato indossato, lavato, stirato o modificato.
- Deve avere ancora tutte le etichette e il cartellino originale.
- Scarpe e borse tornano nella loro scatola e nel sacchetto antipolvere, con le suole senza segni d'uso: provale su un tappeto o un pavimento morbido.
- Gli articoli di uno stesso ordine possono tornare anche in un unico pacco.

## Come fare il reso

1. **Richiedi il reso.** Se hai un account, apri [I miei ordini](/account/orders), scegli l'ordine e seleziona gli articoli da restituire. Se hai acquistato come ospite, scrivi a {{supportEmail}} con il numero d'ordine e gli articoli che vuoi rendere.
2. **Prepara il pacco.** Usa la scatola originale o un imballo robusto e chiudilo bene. Ti mandiamo via mail l'etichetta di reso: stampala e applicala sul pacco, coprendo le vecchie etichette.
3. **Spedisci con {{courier}}.** Consegna il pacco in un punto di ritiro {{courier}} oppure prenota il ritiro a casa tua. Conserva la ricevuta fino a quando non ricevi il rimborso.

## Quanto costa

La spedizione di reso costa {{returnFee}}, che tratteniamo dal rimborso. Se il capo è difettoso o ti abbiamo mandato un articolo diverso da quello ordinato, il reso è interamente a carico nostro.

## Il rimborso

Quando il pacco arriva controlliamo i capi e ti scriviamo per confermarti il rimborso. Lo facciamo sullo stesso metodo di pagamento che hai usato per l'ordine; se quel metodo non consente l'accredito, ti chiediamo l'IBAN di un conto intestato a te. I tempi con cui vedi l'importo dipendono poi dalla tua banca o dal circuito di pagamento.

## Cambi

Non facciamo cambi diretti: per avere un'altra taglia o un altro colore, restituisci il capo e fai un nuovo ordine. È il modo più rapido e ti evita di perdere la taglia che cerchi mentre il reso è in viaggio.

## Se un capo è difettoso

Capita di rado, ma capita. Scrivici a {{supportEmail}} con il numero d'ordine e qualche foto del difetto: lo ripariamo, lo sostituiamo o ti rimborsiamo, senza costi, come previsto dalla garanzia legale di conformità. I dettagli sul recesso e sulla garanzia sono nei [Termini e condizioni](/pages/Terms-Conditions).`,
        metaTitle: "Resi e rimborsi | Bottega",
        metaDescription:
          "Come restituire un capo acquistato su Bottega: tempi, condizioni, spedizione di reso, rimborso e capi difettosi, spiegati passo per passo.",
        keywords: "resi, reso, rimborso, restituire un capo, cambio taglia, diritto di recesso, Bottega",
      },
      en: {
        slug: "Returns",
        title: "Returns and refunds",
        excerpt: "Not quite right? Sending it back is easy: here's the deadline, the conditions and how your refund works.",
        body: `Returning a piece should be as easy as choosing it. If something isn't right, whether it's the size, the colour or simply that it isn't what you pictured, you can send it back to us.

## How long you have

You have **{{returnDays}} working days from delivery** to request a return for one or more items in your order. You don't need to tell us why, although if you do, it helps us do better.

## Conditions

- The piece must not have been worn, washed, pressed or altered.
- All labels and the original swing tag must still be attached.
- Shoes and bags go back in their box and dust bag, with no signs of wear on the soles: try them on a rug or a carpeted floor.
- Items from the same order can travel back together in one parcel.

## How to return

1. **Request the return.** If you have an account, open [My orders](/en/account/orders), choose the order and select the items to send back. If you ordered as a guest, email {{supportEmail}} with your order number and the items you're returning.
2. **Pack the parcel.** Use the original box or a sturdy one and seal it well. We email you a return label: print it and stick it on the parcel, covering any old labels.
3. **Send it with {{courier}}.** Drop the parcel at a {{courier}} access point or book a collection from home. Keep the receipt until your refund arrives.

## What it costs

Return shipping costs {{returnFee}}, which we deduct from your refund. If the piece is faulty, or we sent you something other than what you ordered, the return is entirely on us.

## Your refund

When the parcel arrives we check the items and email you to confirm the refund. It goes back to the payment method you used for the order; if that method can't receive refunds, we'll ask for the IBAN of an account in your name. How soon you see the money then depends on your bank or payment provider.

## Exchanges

We don't do direct exchanges: for another size or colour, return the piece and place a new order. It's quicker, and you won't lose the size you want while your return is on its way.

## If something is faulty

It's rare, but it happens. Email {{supportEmail}} with your order number and a few photos of the fault: we'll repair it, replace it or refund you at no cost, as the legal guarantee of conformity provides. The details of withdrawal and the guarantee are in our [Terms and conditions](/en/pages/Terms-Conditions).`,
        metaTitle: "Returns and refunds | Bottega",
        metaDescription:
          "How to return a Bottega purchase: the deadline, the conditions, return shipping, refunds and faulty items, explained step by step.",
        keywords: "returns, refunds, how to return, exchange size, right of withdrawal, faulty item, Bottega",
      },
    },
  },
  {
    kind: "page",
    key: "Shipping",
    publishedDaysAgo: 210,
    translations: {
      it: {
        slug: "Shipping",
        title: "Spedizioni",
        excerpt: "Dove spediamo, quanto costa, quanto tempo ci vuole e come seguire il tuo pacco fino a casa.",
        body: `Ogni ordine viene controllato, piegato a mano e avvolto in carta velina prima di partire dal nostro magazzino. Ecco cosa succede dopo.

## Dove spediamo

Questo negozio spedisce **solo in Italia**, isole comprese. Se vivi in un altro paese dell'Unione europea, scegli il tuo paese dal selettore nell'intestazione: ti porteremo al nostro negozio europeo, con le sue condizioni di spedizione.

## Quanto costa

- Ordini da {{freeShippingFrom}}: spedizione **gratuita**.
- Ordini di importo inferiore: {{shippingFee}}.

Il costo di spedizione è sempre indicato nel carrello e nel riepilogo prima del pagamento, senza sorprese.

## Tempi di consegna

Spediamo con {{courier}}, che consegna in {{deliveryDays}} dalla partenza del pacco. Gli ordini pagati con un metodo che richiede una conferma dell'incasso partono appena riceviamo l'accredito. Nei periodi di saldi e durante le festività i tempi possono allungarsi leggermente: in quel caso te lo segnaliamo nel banner in alto.

## Seguire il pacco

Quando l'ordine lascia il magazzino ricevi una mail con il numero di spedizione e il link per seguirlo. Dal sito di {{courier}} puoi anche scegliere un giorno diverso per la consegna o farla arrivare in un punto di ritiro vicino a te.

## Alla consegna

Il corriere consegna al piano strada e chiede una firma. Se non sei in casa, lascia un avviso e riprova il giorno lavorativo successivo. Prima di firmare dai un'occhiata al pacco: se è aperto o danneggiato, accettalo **con riserva specifica** (per esempio «pacco danneggiato») e scrivici a {{supportEmail}} con qualche foto. Ce ne occupiamo noi.

## Cambiare l'indirizzo

Controlla bene l'indirizzo al checkout: dopo la partenza possiamo modificarlo solo tramite {{courier}}, e non sempre è possibile. Se ti accorgi di un errore, scrivici subito: se il pacco è ancora in magazzino lo correggiamo noi.

Per restituire un articolo trovi tutto nella pagina [Resi](/pages/Returns).`,
        metaTitle: "Spedizioni | Bottega",
        metaDescription:
          "Spedizioni Bottega in tutta Italia: costi, soglia per la spedizione gratuita, tempi di consegna, tracciamento del pacco e consegna.",
        keywords: "spedizioni, spedizione gratuita, tempi di consegna, corriere, tracciamento, Italia, Bottega",
      },
      en: {
        slug: "Shipping",
        title: "Shipping",
        excerpt: "Where we ship, what it costs, how long it takes and how to follow your parcel to your door.",
        body: `Every order is checked, folded by hand and wrapped in tissue paper before it leaves our warehouse. Here's what happens next.

## Where we ship

This shop ships **to Italy only**, islands included. If you live elsewhere in the European Union, choose your country from the selector in the header and we'll take you to our European shop, with its own shipping terms.

## What it costs

- Orders of {{freeShippingFrom}} or more: **free** shipping.
- Smaller orders: {{shippingFee}}.

The shipping cost always shows in your bag and in the summary before you pay, so there are no surprises.

## Delivery times

We ship with {{courier}}, who delivers in {{deliveryDays}} from dispatch. Orders paid with a method that needs the payment to clear leave as soon as the funds reach us. During the sales and the holidays times can stretch a little; when they do, we say so in the banner at the top of the page.

## Tracking your parcel

When your order leaves the warehouse we email you the tracking number and a link to follow it. On the {{courier}} website you can also choose another delivery day or have it sent to a pick-up point near you.

## On delivery

The courier delivers to the door at street level and asks for a signature. If you're out, they leave a notice and try again the next working day. Before signing, take a look at the parcel: if it's open or damaged, accept it **with a specific reservation** (for example "damaged parcel") and email {{supportEmail}} with a few photos. We'll take it from there.

## Changing the address

Please check your address carefully at checkout: once the parcel has left we can only change it through {{courier}}, and that isn't always possible. If you spot a mistake, write to us straight away: if the parcel is still with us, we'll correct it ourselves.

Everything about sending something back is on the [Returns](/en/pages/Returns) page.`,
        metaTitle: "Shipping | Bottega",
        metaDescription:
          "Bottega ships across Italy: costs, the free-shipping threshold, delivery times, parcel tracking and what to do on delivery.",
        keywords: "shipping, free shipping, delivery times, courier, parcel tracking, Italy, Bottega",
      },
    },
  },
  {
    kind: "page",
    key: "About",
    publishedDaysAgo: 210,
    cover: "machine",
    translations: {
      it: {
        slug: "About",
        title: "Chi siamo",
        excerpt: "Bottega è un piccolo atelier italiano: disegniamo pochi capi, in fibre naturali, fatti da chi li sa fare.",
        body: `Bottega è nata come nascono le botteghe: un tavolo da taglio, un paio di forbici buone e l'idea che un capo ben fatto valga più di dieci capi qualunque. Oggi siamo un atelier di modellisti, sarte e designer, ma quell'idea non è cambiata.

## Meno capi, fatti meglio

![La facciata della bottega: la vetrina ad arco, la porta e la tenda a righe](/media/still/shopfront-terracotta)

Disegniamo due collezioni all'anno, autunno-inverno e primavera-estate, e poche cose tra l'una e l'altra. Ogni capo nasce per stare nel tuo armadio a lungo: tagli puliti, proporzioni studiate, colori che si accordano tra loro di stagione in stagione. Non inseguiamo le tendenze, e questo ci lascia il tempo di lavorare sui dettagli che si notano solo indossando: una manica che non tira, una tasca alla giusta altezza, un orlo che cade dritto.

## Una filiera italiana, persona per persona

Conosciamo per nome chi lavora con noi. La lana arriva dai lanifici del **Biellese**, la seta viene tessuta e stampata a **Como**, le scarpe sono tagliate e cucite in un laboratorio delle **Marche**, le cinture e le borse in cuoio nascono in **Toscana**, da pellami conciati al vegetale. Scegliamo fibre naturali quasi sempre; quando usiamo un materiale tecnico, come il plissé in poliestere riciclato, è perché fa meglio il suo lavoro.

Produciamo in piccole serie, spesso poche decine di capi per modello. Significa che a volte una taglia finisce presto, ma anche che non bruciamo invenduto e che ogni pezzo viene controllato a mano prima di partire.

## Fatti per durare

Un capo è sostenibile quando lo porti a lungo. Per questo scegliamo filati che resistono, cuciture che si possono riaprire, suole che si possono rifare, e scriviamo una guida per [prendersene cura](/curadelcapo). Se qualcosa si rompe, prima di sostituirlo proviamo a ripararlo: ne parliamo spesso nel [Journal](/blog).

## Vieni a trovarci

Puoi scoprire di più su come lavoriamo in [Atelier](/inside-atelier) e [Materiali](/inside-materials), o incontrarci in uno dei nostri [negozi](/pages/storelocator). E se vuoi lavorare con noi, la pagina [Lavora con noi](/pages/career) è il posto giusto.

{{companyName}} · {{companyAddress}} · P. IVA {{vatNumber}} · REA {{reaNumber}}`,
        metaTitle: "Chi siamo | Bottega",
        metaDescription:
          "Bottega è un atelier italiano di abbigliamento: poche collezioni, fibre naturali, una filiera di laboratori italiani e capi fatti per durare.",
        keywords: "chi siamo, Bottega, atelier italiano, moda italiana, made in Italy, fibre naturali, filiera",
      },
      en: {
        slug: "About",
        title: "About us",
        excerpt: "Bottega is a small Italian atelier: we design few pieces, in natural fibres, made by people who know how.",
        body: `Bottega began the way workshops do: a cutting table, a good pair of shears and the belief that one well-made garment is worth more than ten ordinary ones. Today we're an atelier of pattern cutters, seamstresses and designers, but that belief hasn't changed.

## Fewer pieces, made better

![The shop from the street: the arched window, the door and the striped awning](/media/still/shopfront-terracotta)

We design two collections a year, autumn-winter and spring-summer, and little in between. Each piece is meant to stay in your wardrobe for a long time: clean cuts, considered proportions, colours that work with one another from season to season. We don't chase trends, which leaves us time for the details you only notice when you wear something: a sleeve that doesn't pull, a pocket at the right height, a hem that falls straight.

## An Italian supply chain, one person at a time

We know the people we work with by name. Our wool comes from mills in the **Biella** district, our silk is woven and printed in **Como**, our shoes are cut and stitched in a workshop in the **Marche**, and our belts and bags are made in **Tuscany** from vegetable-tanned leather. We almost always choose natural fibres; when we use a technical fabric, like our recycled polyester plissé, it's because it does the job better.

We produce in small runs, often a few dozen pieces per style. That means a size sometimes sells out quickly, but it also means we never destroy unsold stock, and every piece is checked by hand before it leaves.

## Made to last

A garment is sustainable when you wear it for years. That's why we choose yarns that hold up, seams that can be let out and soles that can be replaced, and why we wrote a guide to [caring for them](/en/careguide). When something breaks, we'd rather mend it than replace it; we write about that often in the [Journal](/en/blog).

## Come and see us

Find out more about how we work in [The atelier](/en/inside-atelier) and [Materials](/en/inside-materials), or visit one of our [stores](/en/pages/storelocator). And if you'd like to work with us, [Work with us](/en/pages/career) is the place to start.

{{companyName}} · {{companyAddress}} · VAT {{vatNumber}} · REA {{reaNumber}}`,
        metaTitle: "About us | Bottega",
        metaDescription:
          "Bottega is an Italian clothing atelier: few collections, natural fibres, a supply chain of Italian workshops and pieces made to last.",
        keywords: "about us, Bottega, Italian atelier, Italian fashion, made in Italy, natural fibres, supply chain",
      },
    },
  },
  {
    kind: "page",
    key: "Contact",
    publishedDaysAgo: 210,
    translations: {
      it: {
        slug: "Contact",
        title: "Contatti",
        excerpt: "Per un ordine, una taglia o un consiglio sulla cura di un capo: ecco come raggiungerci.",
        body: `Per qualsiasi domanda su un ordine, una taglia o la cura di un capo, il nostro servizio clienti è a tua disposizione. Ti risponde una persona che conosce i nostri capi uno per uno.

## Servizio clienti

- **E-mail:** {{supportEmail}}
- **Telefono:** {{supportPhone}}
- **Orari:** {{supportHours}}

Rispondiamo alle mail nell'ordine in cui arrivano, di solito entro la giornata lavorativa. Se ci scrivi per un ordine, indica sempre il **numero d'ordine** (lo trovi nella mail di conferma e in [I miei ordini](/account/orders)): ci aiuta a risponderti subito. Per un difetto o un pacco danneggiato, allega qualche foto.

## Prima di scriverci

Molte risposte sono già qui:

- [Domande frequenti](/pages/Faq)
- [Spedizioni](/pages/Shipping) e [Resi](/pages/Returns)
- [Cura del capo](/curadelcapo), per lavare e conservare i tuoi capi

## Negozi

Preferisci vedere e provare i capi dal vivo? Trova il negozio più vicino a te con il [localizzatore dei negozi](/pages/storelocator).

## Lavora con noi

Cerchiamo spesso persone per l'atelier, i negozi e il servizio clienti. Scopri le posizioni aperte e invia la tua candidatura dalla pagina [Lavora con noi](/pages/career), oppure scrivi a {{hrEmail}}.

## Dati societari

{{companyName}}, {{companyAddress}}. P. IVA {{vatNumber}} · REA {{reaNumber}}`,
        metaTitle: "Contatti | Bottega",
        metaDescription:
          "Contatta il servizio clienti Bottega per ordini, taglie, resi e cura dei capi: e-mail, telefono, orari, negozi e dati societari.",
        keywords: "contatti, servizio clienti, assistenza, telefono, e-mail, negozi, Bottega",
      },
      en: {
        slug: "Contact",
        title: "Contact us",
        excerpt: "An order, a size, advice on caring for a piece: here's how to reach us.",
        body: `Whatever your question, about an order, a size or how to care for a piece, our customer care team is here to help. You'll hear from someone who knows our clothes one by one.

## Customer care

- **Email:** {{supportEmail}}
- **Phone:** {{supportPhone}}
- **Hours:** {{supportHours}}

We answer emails in the order they arrive, usually within the working day. If you're writing about an order, always include your **order number** (it's in your confirmation email and in [My orders](/en/account/orders)): it helps us reply straight away. For a fault or a damaged parcel, please attach a few photos.

## Before you write

You may find your answer here:

- [Frequently asked questions](/en/pages/Faq)
- [Shipping](/en/pages/Shipping) and [Returns](/en/pages/Returns)
- The [care guide](/en/careguide), on washing and storing your clothes

## Stores

Would you rather see and try things on in person? Find the store nearest to you with our [store locator](/en/pages/storelocator).

## Work with us

We're often looking for people for the atelier, the stores and customer care. See the open positions and apply from the [Work with us](/en/pages/career) page, or write to {{hrEmail}}.

## Company details

{{companyName}}, {{companyAddress}}. VAT {{vatNumber}} · REA {{reaNumber}}`,
        metaTitle: "Contact us | Bottega",
        metaDescription:
          "Contact Bottega customer care about orders, sizes, returns and garment care: email, phone, opening hours, stores and company details.",
        keywords: "contact, customer care, customer service, phone, email, stores, Bottega",
      },
    },
  },
  {
    kind: "page",
    key: "Terms-Conditions",
    publishedDaysAgo: 210,
    translations: {
      it: {
        slug: "Terms-Conditions",
        title: "Termini e condizioni di vendita",
        excerpt: "Le condizioni che regolano gli acquisti sul negozio online Bottega: prezzi, ordini, pagamento, consegna, recesso e garanzia.",
        body: `Queste condizioni generali di vendita regolano gli acquisti fatti sul negozio online Bottega da consumatori, cioè persone fisiche che acquistano per scopi estranei alla propria attività imprenditoriale, commerciale, artigianale o professionale. Ti chiediamo di leggerle prima di ogni acquisto: inviando un ordine le accetti. Si applica la versione pubblicata su questa pagina nel momento in cui invii l'ordine.

## 1. Chi è il venditore

Il venditore è **{{companyName}}**, con sede in {{companyAddress}}, partita IVA {{vatNumber}}, iscritta al Registro delle Imprese con numero REA {{reaNumber}}.

Puoi contattarci scrivendo a {{supportEmail}} o chiamando il {{supportPhone}}, {{supportHours}}.

## 2. Ambito di applicazione

Questo negozio vende a consumatori e consegna **esclusivamente in Italia**. Chi risiede in un altro paese dell'Unione europea può acquistare sul nostro negozio europeo, che ha condizioni di vendita proprie. Al contratto si applicano il Codice del Consumo (D.lgs. 6 settembre 2005, n. 206) e le norme sul commercio elettronico (D.lgs. 9 aprile 2003, n. 70).

## 3. I prodotti

Le caratteristiche essenziali di ogni prodotto, come composizione, colori, taglie e istruzioni di cura, sono descritte nella sua scheda. Le immagini illustrano il capo nel modo più fedele possibile, ma le sfumature di colore possono variare leggermente da uno schermo all'altro. Le fibre naturali e le lavorazioni artigianali possono presentare piccole irregolarità: non sono difetti, ma caratteristiche del materiale. I prodotti sono disponibili fino a esaurimento delle scorte.

## 4. Prezzi

Tutti i prezzi sono espressi in euro e sono **comprensivi di IVA**. Le spese di spedizione sono indicate separatamente prima della conferma dell'ordine: la spedizione è gratuita per ordini da {{freeShippingFrom}}, altrimenti costa {{shippingFee}}.

Per le riduzioni di prezzo applichiamo l'art. 17-bis del Codice del Consumo. {{lowestPriceNotice}}

Se un prezzo fosse indicato in modo palesemente errato per un errore materiale, ti avvisiamo prima della spedizione: potrai scegliere se confermare l'ordine al prezzo corretto o annullarlo, con il rimborso integrale di quanto hai pagato.

## 5. Come si conclude il contratto

1. Scegli i prodotti, li aggiungi al carrello e indichi l'indirizzo di consegna e il metodo di pagamento.
2. Prima di inviare l'ordine vedi un riepilogo con prodotti, prezzi, spese di spedizione e totale, e puoi correggere eventuali errori di inserimento.
3. Con il pulsante di conferma, che comporta l'obbligo di pagare, invii la tua proposta d'acquisto.
4. Il contratto si conclude quando ricevi la mail di conferma dell'ordine, che riporta il riepilogo dell'acquisto e il collegamento a queste condizioni.

Il contratto può essere concluso in italiano o in inglese. Conserviamo una copia di ogni ordine: la trovi nel tuo account oppure puoi chiederla al servizio clienti.

## 6. Pagamento

Puoi pagare con {{paymentMethods}}. L'importo viene addebitato alla conferma dell'ordine. Se scegli un metodo che richiede la conferma dell'incasso, spediamo l'ordine quando riceviamo l'accredito; se l'accredito non arriva entro un tempo ragionevole, possiamo annullare l'ordine dopo avertelo comunicato. Il pagamento in più rate è offerto e gestito dal fornitore del servizio, secondo le sue condizioni.

Non conserviamo i dati delle carte di pagamento: i pagamenti sono trattati da fornitori di servizi di pagamento autorizzati. Se ti serve la fattura, richiedila al servizio clienti indicando i tuoi dati fiscali.

## 7. Consegna

Consegniamo in Italia tramite {{courier}}, in {{deliveryDays}} dalla spedizione. In ogni caso la consegna avviene entro il termine massimo previsto dall'art. 61 del Codice del Consumo: se non avviene, puoi fissarci un termine supplementare adeguato e, se anche questo non viene rispettato, risolvere il contratto e ottenere il rimborso di quanto pagato.

Il rischio di perdita o danneggiamento dei prodotti passa a te quando tu, o una persona da te indicata diversa dal corriere, ne entri materialmente in possesso (art. 63 del Codice del Consumo). Se il pacco appare aperto o danneggiato, accettalo con riserva specifica e avvisaci.

## 8. Diritto di recesso

Hai il diritto di recedere dal contratto, senza indicarne le ragioni e senza penalità, entro **{{returnDays}} giorni lavorativi** dal giorno in cui tu, o un terzo da te indicato diverso dal corriere, entri in possesso dei prodotti (artt. 52 e seguenti del Codice del Consumo). Se un ordine comprende più prodotti consegnati separatamente, il termine decorre dalla consegna dell'ultimo.

**Come esercitarlo.** Basta una dichiarazione esplicita della tua decisione: puoi richiedere il reso dal tuo account, scrivere a {{supportEmail}} oppure inviarci il modulo tipo qui sotto. La procedura pratica è descritta nella pagina [Resi](/pages/Returns).

**La restituzione.** Devi restituire i prodotti senza indebito ritardo e comunque entro {{returnDays}} giorni lavorativi dalla comunicazione del recesso. I costi diretti della restituzione sono a tuo carico: con l'etichetta di reso che ti forniamo ammontano a {{returnFee}}, che tratteniamo dal rimborso. Sei responsabile soltanto della diminuzione di valore dei prodotti dovuta a una manipolazione diversa da quella necessaria per verificarne natura, caratteristiche e funzionamento, come faresti provandoli in negozio.

**Il rimborso.** Ti rimborsiamo tutti i pagamenti ricevuti, comprese le spese di consegna standard, senza indebito ritardo e comunque nei termini dell'art. 56 del Codice del Consumo. Usiamo lo stesso mezzo di pagamento dell'ordine, salvo che tu non abbia espressamente accettato un mezzo diverso, e senza costi per te. Possiamo sospendere il rimborso finché non riceviamo i prodotti o finché non ci dimostri di averli spediti.

**Esclusioni.** Il recesso è escluso per i prodotti confezionati su misura o chiaramente personalizzati (art. 59 del Codice del Consumo).

**Modulo di recesso tipo**

> Destinatario: {{companyName}}, {{companyAddress}}, {{supportEmail}}
>
> Con la presente notifico il recesso dal mio contratto di vendita dei seguenti beni: …
>
> Ordinati il … / ricevuti il … · Numero d'ordine: …
>
> Nome e cognome: … · Indirizzo: …
>
> Firma (solo se il modulo è inviato su carta): … · Data: …

## 9. Garanzia legale di conformità

Tutti i prodotti sono coperti dalla garanzia legale di conformità prevista dagli artt. 128 e seguenti del Codice del Consumo. Rispondiamo dei difetti di conformità esistenti al momento della consegna che si manifestano entro **due anni** dalla consegna; salvo prova contraria, si presume che i difetti che si manifestano entro un anno esistessero già a quella data.

Per far valere la garanzia, segnala il difetto entro due mesi da quando lo hai scoperto, scrivendo a {{supportEmail}} con il numero d'ordine e qualche foto. Hai diritto al ripristino della conformità, senza spese, mediante riparazione o sostituzione; se non è possibile o non avviene entro un termine ragionevole, puoi chiedere una riduzione proporzionale del prezzo o la risoluzione del contratto. La garanzia non copre la normale usura né i danni dovuti a un uso improprio o a trattamenti diversi da quelli indicati nell'etichetta di manutenzione.

## 10. Reclami

Per qualsiasi reclamo puoi scrivere a {{supportEmail}}, chiamare il {{supportPhone}} ({{supportHours}}) oppure scrivere a {{companyName}}, {{companyAddress}}. Ti rispondiamo per iscritto il prima possibile.

## 11. Risoluzione delle controversie

Se non riusciamo a trovare insieme una soluzione, puoi rivolgerti a un organismo di risoluzione alternativa delle controversie (ADR) iscritto negli elenchi previsti dagli artt. 141 e seguenti del Codice del Consumo, per esempio il servizio di conciliazione della Camera di Commercio. Per le controversie transfrontaliere puoi chiedere assistenza alla rete dei Centri europei dei consumatori.

**Piattaforma ODR.** La piattaforma europea per la risoluzione online delle controversie (ODR), istituita dal Regolamento (UE) n. 524/2013, è stata dismessa dalla Commissione europea il 20 luglio 2025, in base al Regolamento (UE) 2024/3228: non è quindi più possibile presentarvi reclami. Resta sempre salvo il tuo diritto di rivolgerti al giudice.

## 12. Legge applicabile e foro competente

Il contratto è regolato dalla legge italiana. Per ogni controversia è competente in via inderogabile il giudice del luogo in cui hai la residenza o il domicilio (art. 66-bis del Codice del Consumo).

## 13. Dati personali

Trattiamo i tuoi dati come descritto nell'[informativa privacy](/pages/Privacy-Policy) e nella [cookie policy](/pages/Cookie-Policy).`,
        metaTitle: "Termini e condizioni di vendita | Bottega",
        metaDescription:
          "Le condizioni di vendita del negozio online Bottega: venditore, prezzi IVA inclusa, ordini, pagamento, consegna, diritto di recesso e garanzia legale.",
        keywords: "termini e condizioni, condizioni di vendita, diritto di recesso, garanzia legale, Codice del Consumo, Bottega",
      },
      en: {
        slug: "Terms-Conditions",
        title: "Terms and conditions of sale",
        excerpt: "The terms that govern purchases from the Bottega online shop: prices, orders, payment, delivery, withdrawal and the legal guarantee.",
        body: `These general terms of sale govern purchases made on the Bottega online shop by consumers, meaning individuals buying for purposes outside their trade, business, craft or profession. Please read them before every purchase: by placing an order you accept them. The version published on this page when you place your order is the one that applies.

## 1. Who the seller is

The seller is **{{companyName}}**, registered office {{companyAddress}}, VAT number {{vatNumber}}, entered in the Companies Register under REA number {{reaNumber}}.

You can reach us by email at {{supportEmail}} or by phone on {{supportPhone}}, {{supportHours}}.

## 2. Scope

This shop sells to consumers and delivers **within Italy only**. Customers living elsewhere in the European Union can buy from our European shop, which has its own terms of sale. The contract is subject to the Italian Consumer Code (Legislative Decree no. 206 of 6 September 2005) and the rules on electronic commerce (Legislative Decree no. 70 of 9 April 2003).

## 3. Products

The main characteristics of each product, such as composition, colours, sizes and care instructions, are described on its product page. Images show each piece as faithfully as possible, but shades may vary slightly from one screen to another. Natural fibres and hand finishing can show small irregularities: these are not faults but part of the material's character. Products are available while stocks last.

## 4. Prices

All prices are in euro and **include VAT**. Shipping costs are shown separately before you confirm your order: shipping is free on orders of {{freeShippingFrom}} or more, and otherwise costs {{shippingFee}}.

Price reductions follow article 17-bis of the Consumer Code. {{lowestPriceNotice}}

If a price is ever shown in obvious error, we'll let you know before dispatch: you can choose to confirm the order at the correct price or cancel it and receive a full refund of what you paid.

## 5. How the contract is made

1. You choose your products, add them to your bag and enter a delivery address and payment method.
2. Before sending the order you see a summary of products, prices, shipping costs and total, and can correct any input errors.
3. By pressing the confirmation button, which involves an obligation to pay, you send us your offer to buy.
4. The contract is concluded when you receive our order confirmation email, which includes a summary of your purchase and a link to these terms.

The contract may be concluded in Italian or in English. We keep a copy of every order: you'll find it in your account, or you can request it from customer care.

## 6. Payment

You can pay with {{paymentMethods}}. The amount is charged when you confirm the order. If you choose a method where the payment needs to clear, we dispatch the order once the funds reach us; if they don't arrive within a reasonable time, we may cancel the order after letting you know. Payment in instalments is offered and managed by the payment provider under its own terms.

We don't store card details: payments are processed by authorised payment service providers. If you need an invoice, ask customer care and give us your tax details.

## 7. Delivery

We deliver within Italy with {{courier}}, in {{deliveryDays}} from dispatch. In any case, delivery takes place within the maximum period set by article 61 of the Consumer Code: if it doesn't, you may give us a reasonable additional period and, if that isn't met either, terminate the contract and be refunded what you paid.

The risk of loss of or damage to the products passes to you when you, or someone you have named other than the courier, take physical possession of them (article 63 of the Consumer Code). If the parcel looks open or damaged, accept it with a specific reservation and let us know.

## 8. Right of withdrawal

You have the right to withdraw from the contract, without giving any reason and without penalty, within **{{returnDays}} working days** of the day on which you, or a third party you have named other than the courier, take possession of the products (articles 52 onwards of the Consumer Code). If an order contains several products delivered separately, the period runs from delivery of the last one.

**How to withdraw.** A clear statement of your decision is all it takes: request a return from your account, write to {{supportEmail}} or send us the model form below. The practical steps are on the [Returns](/en/pages/Returns) page.

**Sending the goods back.** You must return the products without undue delay and in any case within {{returnDays}} working days of telling us you are withdrawing. The direct cost of returning them is yours: with the return label we provide it comes to {{returnFee}}, which we deduct from the refund. You are only liable for any loss in value caused by handling the products beyond what is needed to establish their nature, characteristics and functioning, as you would when trying them in a store.

**Your refund.** We refund all payments received from you, including standard delivery costs, without undue delay and in any case within the period set by article 56 of the Consumer Code. We use the same means of payment as your order unless you have expressly agreed otherwise, at no cost to you. We may withhold the refund until we have received the products or you have supplied proof of sending them back.

**Exceptions.** The right of withdrawal does not apply to products made to measure or clearly personalised (article 59 of the Consumer Code).

**Model withdrawal form**

> To: {{companyName}}, {{companyAddress}}, {{supportEmail}}
>
> I hereby give notice that I withdraw from my contract of sale of the following goods: …
>
> Ordered on … / received on … · Order number: …
>
> Name: … · Address: …
>
> Signature (only if this form is sent on paper): … · Date: …

## 9. Legal guarantee of conformity

All products are covered by the legal guarantee of conformity under articles 128 onwards of the Consumer Code. We are liable for any lack of conformity that exists at delivery and becomes apparent within **two years** of delivery; unless proven otherwise, a fault that appears within one year is presumed to have existed at delivery.

To use the guarantee, report the fault within two months of discovering it by writing to {{supportEmail}} with your order number and a few photos. You are entitled to have the product brought into conformity free of charge, by repair or replacement; if that isn't possible or doesn't happen within a reasonable time, you may ask for a proportionate price reduction or terminate the contract. The guarantee does not cover normal wear or damage caused by misuse or by treatment other than that shown on the care label.

## 10. Complaints

For any complaint, write to {{supportEmail}}, call {{supportPhone}} ({{supportHours}}) or write to {{companyName}}, {{companyAddress}}. We'll reply in writing as soon as we can.

## 11. Dispute resolution

If we can't find a solution together, you can turn to an alternative dispute resolution (ADR) body listed under articles 141 onwards of the Consumer Code, such as the conciliation service of the Chamber of Commerce. For cross-border matters, the European Consumer Centres network can help.

**ODR platform.** The European online dispute resolution (ODR) platform set up by Regulation (EU) No 524/2013 was discontinued by the European Commission on 20 July 2025 under Regulation (EU) 2024/3228, so complaints can no longer be lodged there. Your right to go to court is always preserved.

## 12. Governing law and jurisdiction

The contract is governed by Italian law. Any dispute falls to the court of the place where you are resident or domiciled, as mandated by article 66-bis of the Consumer Code.

## 13. Personal data

We process your data as described in our [privacy policy](/en/pages/Privacy-Policy) and [cookie policy](/en/pages/Cookie-Policy).`,
        metaTitle: "Terms and conditions of sale | Bottega",
        metaDescription:
          "Bottega's terms of sale: the seller, prices including VAT, orders, payment, delivery in Italy, the right of withdrawal and the legal guarantee.",
        keywords: "terms and conditions, terms of sale, right of withdrawal, legal guarantee, Italian Consumer Code, Bottega",
      },
    },
  },
  {
    kind: "page",
    key: "Privacy-Policy",
    publishedDaysAgo: 210,
    translations: {
      it: {
        slug: "Privacy-Policy",
        title: "Informativa sulla privacy",
        excerpt: "Quali dati personali trattiamo, perché, per quanto tempo e come puoi esercitare i tuoi diritti.",
        body: `Questa informativa spiega come trattiamo i tuoi dati personali quando visiti il sito, fai un ordine, crei un account, ti iscrivi alla newsletter o ci contatti, ai sensi degli artt. 13 e 14 del Regolamento (UE) 2016/679 («GDPR») e del D.lgs. 30 giugno 2003, n. 196 («Codice privacy»). Abbiamo cercato di scriverla in modo chiaro: se qualcosa non lo è, chiedici.

## 1. Titolare del trattamento

Il titolare è **{{companyName}}**, {{companyAddress}}, partita IVA {{vatNumber}}. Per qualsiasi domanda sui tuoi dati o per esercitare i tuoi diritti scrivi a {{supportEmail}}, indicando «Privacy» nell'oggetto.

## 2. Quali dati trattiamo

- **Dati identificativi e di contatto:** nome, cognome, indirizzi di consegna e fatturazione, e-mail, telefono.
- **Dati degli ordini:** prodotti acquistati, importi, metodo di pagamento scelto, resi e comunicazioni con il servizio clienti. I dati completi delle carte restano al fornitore del servizio di pagamento: noi non li vediamo.
- **Dati dell'account:** e-mail e password, che conserviamo solo in forma cifrata non reversibile, e le tue preferenze.
- **Dati di navigazione:** indirizzo IP, tipo di browser e dispositivo, pagine richieste, registri tecnici dei server.
- **Candidature:** curriculum e informazioni che ci invii dalla pagina [Lavora con noi](/pages/career).

## 3. Perché li trattiamo e per quanto tempo

### Ordini, pagamenti, consegne e resi

Per concludere ed eseguire il contratto di vendita (art. 6, par. 1, lett. b GDPR). Conserviamo i dati per la durata del rapporto e poi per dieci anni, come richiesto dalle norme fiscali e contabili (art. 2220 c.c.).

### Account

Per offrirti l'area personale con ordini e indirizzi (art. 6, par. 1, lett. b). I dati restano finché non chiedi di chiudere l'account; se non lo usi per 24 mesi ti scriviamo e, in assenza di risposta, lo chiudiamo.

### Servizio clienti e reclami

Per rispondere alle tue richieste (art. 6, par. 1, lett. b e f). Conserviamo la corrispondenza per due anni dalla chiusura della richiesta.

### Obblighi di legge

Per adempiere a obblighi fiscali, contabili e di tutela del consumatore e per rispondere alle autorità (art. 6, par. 1, lett. c), per il tempo previsto dalla legge.

### Newsletter

Per inviarti novità, storie dall'atelier e inviti, solo con il tuo consenso (art. 6, par. 1, lett. a), fino a quando ti disiscrivi con il link presente in ogni mail. Se sei già cliente, possiamo scriverti all'indirizzo usato per l'ordine per proporti prodotti analoghi a quelli acquistati (art. 130, comma 4, Codice privacy): puoi opporti in qualsiasi momento, anche con un clic.

### Avvisi di disponibilità

Per avvisarti quando una taglia esaurita torna disponibile, su tua richiesta (art. 6, par. 1, lett. b). Cancelliamo l'indirizzo dopo l'invio dell'avviso e comunque entro 12 mesi.

### Statistiche sul sito

Per capire in forma aggregata come viene usato il sito, solo con il tuo consenso (art. 6, par. 1, lett. a). I dettagli sono nella [cookie policy](/pages/Cookie-Policy).

### Sicurezza e prevenzione delle frodi

Per proteggere il sito, i pagamenti e i tuoi dati, sulla base del nostro legittimo interesse (art. 6, par. 1, lett. f). I registri tecnici sono conservati per un massimo di 12 mesi, salvo necessità di accertare un illecito.

### Candidature

Per valutare il tuo profilo (art. 6, par. 1, lett. b). Conserviamo il curriculum per 24 mesi, così da poterti ricontattare per posizioni simili, a meno che tu non ci chieda di cancellarlo prima.

### Tutela dei nostri diritti

Per accertare, esercitare o difendere un diritto in giudizio (art. 6, par. 1, lett. f), per il tempo di prescrizione applicabile.

## 4. Conferimento dei dati

I dati necessari per l'ordine e la consegna sono indispensabili: senza, non possiamo concludere la vendita. Iscriversi alla newsletter o dare il consenso alle statistiche è facoltativo e non cambia nulla nei tuoi acquisti.

## 5. A chi comunichiamo i dati

I tuoi dati sono trattati dal nostro personale autorizzato e da fornitori che agiscono come responsabili del trattamento (art. 28 GDPR): servizi di hosting e informatici, invio delle e-mail, logistica e magazzino, consulenti contabili e legali. Il corriere {{courier}} riceve i dati necessari alla consegna. I fornitori dei servizi di pagamento trattano i dati di pagamento come titolari autonomi. Comunichiamo dati alle autorità solo quando la legge lo impone. **Non vendiamo i tuoi dati** e non li cediamo a terzi per il loro marketing.

## 6. Trasferimenti fuori dallo Spazio economico europeo

Se un fornitore tratta dati fuori dallo SEE, lo fa solo verso paesi con una decisione di adeguatezza della Commissione europea o sulla base delle clausole contrattuali standard approvate dalla Commissione. Puoi chiederci una copia delle garanzie adottate.

## 7. Come proteggiamo i dati

Il sito usa solo connessioni cifrate, le password sono conservate in forma non reversibile e l'accesso ai dati è limitato alle persone che ne hanno bisogno per il loro lavoro.

## 8. I tuoi diritti

In qualsiasi momento puoi chiederci di:

- accedere ai tuoi dati e riceverne una copia (art. 15);
- correggerli o completarli (art. 16);
- cancellarli, quando non dobbiamo più conservarli (art. 17);
- limitarne il trattamento (art. 18);
- riceverli in un formato strutturato e trasferirli a un altro titolare (art. 20);
- opporti al trattamento basato sul legittimo interesse e, sempre, al marketing (art. 21);
- revocare un consenso già dato, senza pregiudicare la liceità del trattamento precedente (art. 7).

Scrivi a {{supportEmail}}: rispondiamo entro un mese, prorogabile nei casi complessi come previsto dall'art. 12 GDPR.

## 9. Reclamo al Garante

Se ritieni che il trattamento violi la normativa, puoi proporre reclamo al **Garante per la protezione dei dati personali**, Piazza Venezia 11, 00187 Roma (garanteprivacy.it), o all'autorità del paese in cui vivi o lavori.

## 10. Minori

Per acquistare devi essere maggiorenne. Non raccogliamo consapevolmente dati di minori di 14 anni.

## 11. Segnalazioni whistleblowing

Il trattamento dei dati legati alle segnalazioni è descritto nella pagina [Whistleblowing](/pages/Whistleblowing).

## 12. Aggiornamenti

Possiamo aggiornare questa informativa quando cambiano i nostri servizi o la normativa. La versione in vigore è sempre quella pubblicata su questa pagina; se le modifiche sono rilevanti, te lo diciamo.`,
        metaTitle: "Informativa sulla privacy | Bottega",
        metaDescription:
          "Come Bottega tratta i tuoi dati personali secondo il GDPR: titolare, finalità, basi giuridiche, tempi di conservazione, diritti e reclamo al Garante.",
        keywords: "privacy, informativa privacy, GDPR, dati personali, diritti dell'interessato, Garante privacy, Bottega",
      },
      en: {
        slug: "Privacy-Policy",
        title: "Privacy policy",
        excerpt: "What personal data we process, why, for how long, and how you can exercise your rights.",
        body: `This policy explains how we handle your personal data when you visit the site, place an order, create an account, subscribe to the newsletter or get in touch, under articles 13 and 14 of Regulation (EU) 2016/679 (the "GDPR") and Italian Legislative Decree no. 196 of 30 June 2003 (the "Privacy Code"). We've tried to write it plainly; if anything is unclear, just ask.

## 1. Data controller

The controller is **{{companyName}}**, {{companyAddress}}, VAT number {{vatNumber}}. For any question about your data, or to exercise your rights, write to {{supportEmail}} with "Privacy" in the subject line.

## 2. What data we process

- **Identity and contact details:** first and last name, delivery and billing addresses, email, phone number.
- **Order data:** products bought, amounts, chosen payment method, returns and conversations with customer care. Full card details stay with the payment provider: we never see them.
- **Account data:** your email and password, which we store only in non-reversible encrypted form, and your preferences.
- **Browsing data:** IP address, browser and device type, pages requested, server logs.
- **Job applications:** the CV and details you send us from [Work with us](/en/pages/career).

## 3. Why we process it, and for how long

### Orders, payments, deliveries and returns

To enter into and perform the contract of sale (article 6(1)(b) GDPR). We keep this data for as long as the relationship lasts and then for ten years, as tax and accounting rules require (article 2220 of the Italian Civil Code).

### Your account

To give you a personal area with your orders and addresses (article 6(1)(b)). The data stays until you ask us to close the account; if you don't use it for 24 months we'll write to you and, if we hear nothing back, close it.

### Customer care and complaints

To answer your requests (article 6(1)(b) and (f)). We keep our correspondence for two years after the request is closed.

### Legal obligations

To meet tax, accounting and consumer-protection obligations and respond to the authorities (article 6(1)(c)), for as long as the law requires.

### Newsletter

To send you news, stories from the atelier and invitations, only with your consent (article 6(1)(a)), until you unsubscribe using the link in every email. If you're already a customer, we may write to the address you used for your order about products similar to those you bought (article 130(4) of the Privacy Code): you can object at any time, with a single click.

### Back-in-stock alerts

To tell you when a sold-out size is available again, at your request (article 6(1)(b)). We delete your address once the alert has been sent, and in any case within 12 months.

### Site statistics

To understand, in aggregate, how the site is used, only with your consent (article 6(1)(a)). The details are in our [cookie policy](/en/pages/Cookie-Policy).

### Security and fraud prevention

To protect the site, payments and your data, on the basis of our legitimate interest (article 6(1)(f)). Server logs are kept for up to 12 months, unless needed to investigate an offence.

### Job applications

To assess your application (article 6(1)(b)). We keep your CV for 24 months so we can contact you about similar roles, unless you ask us to delete it sooner.

### Protecting our rights

To establish, exercise or defend legal claims (article 6(1)(f)), for the applicable limitation period.

## 4. Do you have to give us your data?

The data needed for your order and its delivery is essential: without it we can't complete the sale. Subscribing to the newsletter or consenting to statistics is optional and makes no difference to your purchases.

## 5. Who receives your data

Your data is handled by our authorised staff and by suppliers acting as processors (article 28 GDPR): hosting and IT services, email delivery, logistics and warehousing, accounting and legal advisers. Our courier, {{courier}}, receives what it needs to deliver your parcel. Payment service providers process payment data as independent controllers. We disclose data to the authorities only when the law requires it. **We never sell your data**, nor pass it to others for their own marketing.

## 6. Transfers outside the European Economic Area

If a supplier processes data outside the EEA, it does so only to countries covered by a European Commission adequacy decision or under the standard contractual clauses approved by the Commission. You can ask us for a copy of the safeguards in place.

## 7. How we protect your data

The site uses encrypted connections only, passwords are stored in non-reversible form, and access to data is limited to the people who need it for their work.

## 8. Your rights

At any time you can ask us to:

- give you access to your data and a copy of it (article 15);
- correct or complete it (article 16);
- erase it, where we no longer need to keep it (article 17);
- restrict its processing (article 18);
- give it to you in a structured format and transfer it to another controller (article 20);
- stop processing based on legitimate interest and, always, stop direct marketing (article 21);
- withdraw any consent you've given, without affecting the lawfulness of earlier processing (article 7).

Write to {{supportEmail}}: we reply within one month, which may be extended for complex requests as article 12 GDPR allows.

## 9. Complaints to the supervisory authority

If you believe our processing breaks the law, you can lodge a complaint with the **Garante per la protezione dei dati personali** (the Italian Data Protection Authority), Piazza Venezia 11, 00187 Rome (garanteprivacy.it), or with the authority of the country where you live or work.

## 10. Children

You must be 18 or over to buy from us. We don't knowingly collect data from children under 14.

## 11. Whistleblowing reports

The processing of data linked to whistleblowing reports is described on the Italian [Whistleblowing](/pages/Whistleblowing) page.

## 12. Updates

We may update this policy when our services or the law change. The version in force is always the one published on this page; if the changes are significant, we'll tell you.`,
        metaTitle: "Privacy policy | Bottega",
        metaDescription:
          "How Bottega processes your personal data under the GDPR: controller, purposes, legal bases, retention periods, your rights and complaints to the Garante.",
        keywords: "privacy policy, GDPR, personal data, data protection, your rights, Garante, Bottega",
      },
    },
  },
  {
    kind: "page",
    key: "Cookie-Policy",
    publishedDaysAgo: 210,
    translations: {
      it: {
        slug: "Cookie-Policy",
        title: "Cookie policy",
        excerpt: "Quali cookie usa il sito, a cosa servono, quanto durano e come puoi cambiare le tue scelte in qualsiasi momento.",
        body: `Questa pagina spiega quali cookie usa il sito Bottega, a cosa servono e come puoi scegliere. La scriviamo ai sensi dell'art. 122 del Codice privacy (D.lgs. 196/2003) e delle Linee guida del Garante per la protezione dei dati personali del 10 giugno 2021.

## Cosa sono i cookie

I cookie sono piccoli file di testo che un sito salva nel tuo browser per riconoscerlo alle visite successive o mentre passi da una pagina all'altra. Alcuni sono indispensabili per far funzionare il sito; altri servono a capire come viene usato e richiedono il tuo consenso.

## Cookie tecnici: sempre attivi

Non richiedono il consenso, perché senza di loro il negozio non potrebbe funzionare. Sono tutti cookie di prima parte, impostati da noi.

- **Sessione** (\`__session\`). Tiene insieme la tua visita: il carrello, l'accesso all'account, i passaggi del checkout e i messaggi di conferma dopo un'azione. Contiene solo un codice casuale; i dati restano sui nostri server. Scade se non visiti il sito per 7 giorni e comunque entro 30 giorni.
- **Avvisi** (\`__flash\`). Porta alla pagina successiva un messaggio di conferma (per esempio "Prodotto aggiunto al carrello!") quando non hai ancora una sessione. Durata: 10 minuti.
- **Pagina dopo l'accesso** (\`__login_redirect\`). Ricorda la pagina del tuo account che volevi aprire, per riportarti lì dopo l'accesso. Durata: 1 ora.
- **Preferenza del paese** (\`preference\`). Ricorda il paese e il negozio che hai scelto nel selettore, così non te lo chiediamo a ogni pagina. Durata: 24 ore.
- **Registro del consenso.** Ricorda le scelte che hai fatto sui cookie, così non ti riproponiamo il banner a ogni visita. Durata: 6 mesi; alla scadenza ti chiediamo di nuovo.

## Cookie analitici: solo con il tuo consenso

Se acconsenti, usiamo cookie statistici per capire in forma aggregata quali pagine vengono visitate, da quali dispositivi e per quanto tempo, così da migliorare il sito. Gli indirizzi IP vengono abbreviati, i dati non sono usati per profilarti né condivisi con altri per i loro scopi. Se non acconsenti, questi cookie non vengono installati e il sito funziona esattamente allo stesso modo.

## Niente cookie di profilazione

Non usiamo cookie pubblicitari o di profilazione, né strumenti di terze parti che seguono la tua navigazione su altri siti.

## Servizi di pagamento

Quando scegli un metodo di pagamento che ti porta sulle pagine del fornitore del servizio, quest'ultimo può usare cookie propri, regolati dalla sua informativa.

## Come dai o cambi il consenso

Alla prima visita un banner ti permette di **accettare** o **rifiutare** i cookie analitici con due pulsanti di uguale evidenza. Se chiudi il banner senza scegliere, continui a navigare con i soli cookie tecnici.

Puoi cambiare idea in qualsiasi momento con il link **Preferenze cookie** in fondo a ogni pagina: la nuova scelta vale subito e, se revochi il consenso, i cookie analitici vengono eliminati.

Puoi anche cancellare o bloccare i cookie dalle impostazioni del browser. Ricorda però che, senza i cookie tecnici, il carrello e il checkout non funzionano.

## Titolare e diritti

Il titolare del trattamento è {{companyName}}, {{companyAddress}}. Per sapere come trattiamo i dati e come esercitare i tuoi diritti leggi l'[informativa privacy](/pages/Privacy-Policy) o scrivi a {{supportEmail}}.`,
        metaTitle: "Cookie policy | Bottega",
        metaDescription:
          "I cookie del sito Bottega: cookie tecnici senza consenso, statistiche solo se acconsenti, durata di ciascuno e come cambiare le tue preferenze.",
        keywords: "cookie policy, cookie tecnici, cookie analitici, consenso cookie, preferenze cookie, Bottega",
      },
      en: {
        slug: "Cookie-Policy",
        title: "Cookie policy",
        excerpt: "Which cookies the site uses, what they do, how long they last and how you can change your choices at any time.",
        body: `This page explains which cookies the Bottega site uses, what they're for and how you can choose. It's written under article 122 of the Italian Privacy Code (Legislative Decree 196/2003) and the Italian Data Protection Authority's cookie guidelines of 10 June 2021.

## What cookies are

Cookies are small text files that a website stores in your browser so it can recognise it as you move from page to page or come back later. Some are essential for the site to work; others help us understand how it's used and need your consent.

## Technical cookies: always on

These don't need your consent, because the shop couldn't work without them. They are all first-party cookies, set by us.

- **Session** (\`__session\`). Holds your visit together: your bag, your account sign-in, the checkout steps and the confirmation messages after an action. It contains only a random code; the data itself stays on our servers. It expires if you don't visit for 7 days, and in any case within 30 days.
- **Notices** (\`__flash\`). Carries a confirmation message (such as "Product added to the bag!") to the next page when you have no session yet. Lasts 10 minutes.
- **Page after sign-in** (\`__login_redirect\`). Remembers the account page you wanted to open, to take you there after you sign in. Lasts 1 hour.
- **Country preference** (\`preference\`). Remembers the country and shop you picked in the selector, so we don't ask on every page. Lasts 24 hours.
- **Consent record.** Remembers your cookie choices, so the banner doesn't reappear on every visit. Lasts 6 months; when it expires, we ask again.

## Analytics cookies: only with your consent

If you agree, we use statistics cookies to understand, in aggregate, which pages are visited, on which devices and for how long, so we can improve the site. IP addresses are shortened, and the data is never used to profile you or shared with others for their own purposes. If you say no, these cookies are never set and the site works exactly the same.

## No profiling cookies

We don't use advertising or profiling cookies, or third-party tools that follow you around other websites.

## Payment services

When you choose a payment method that takes you to the provider's own pages, that provider may use its own cookies, covered by its own policy.

## Giving or changing your consent

On your first visit, a banner lets you **accept** or **reject** analytics cookies with two equally prominent buttons. If you close the banner without choosing, you carry on with technical cookies only.

You can change your mind at any time with the **Cookie preferences** link at the bottom of every page: your new choice applies straight away, and if you withdraw consent, the analytics cookies are deleted.

You can also delete or block cookies in your browser settings. Bear in mind that without technical cookies, the bag and checkout won't work.

## Controller and your rights

The data controller is {{companyName}}, {{companyAddress}}. To learn how we process data and how to exercise your rights, read our [privacy policy](/en/pages/Privacy-Policy) or write to {{supportEmail}}.`,
        metaTitle: "Cookie policy | Bottega",
        metaDescription:
          "Cookies on the Bottega site: technical cookies without consent, analytics only if you agree, how long each lasts and how to change your preferences.",
        keywords: "cookie policy, technical cookies, analytics cookies, cookie consent, cookie preferences, Bottega",
      },
    },
  },
  {
    kind: "page",
    key: "Whistleblowing",
    publishedDaysAgo: 210,
    translations: {
      it: {
        slug: "Whistleblowing",
        title: "Whistleblowing",
        excerpt: "Come segnalare in modo riservato violazioni di legge di cui sei venuto a conoscenza nel contesto lavorativo, secondo il D.lgs. 24/2023.",
        body: `{{companyName}} ha attivato un canale interno di segnalazione in attuazione del D.lgs. 10 marzo 2023, n. 24, che recepisce la Direttiva (UE) 2019/1937 sulla protezione delle persone che segnalano violazioni. Questa pagina spiega chi può segnalare, che cosa, come, e quali tutele ti riconosce la legge.

## Chi può segnalare

Chiunque sia venuto a conoscenza di una violazione nel proprio contesto lavorativo con la nostra società, anche se il rapporto non è ancora iniziato o è già concluso:

- dipendenti, anche in prova, e collaboratori;
- lavoratori autonomi, liberi professionisti e consulenti;
- lavoratori e collaboratori di fornitori e laboratori che lavorano per noi;
- volontari e tirocinanti, retribuiti o no;
- soci e persone con funzioni di amministrazione, direzione, controllo o vigilanza;
- candidati, se le informazioni sono state acquisite durante la selezione.

## Che cosa si può segnalare

Comportamenti, atti od omissioni che ledono l'interesse pubblico o l'integrità della società, tra cui illeciti previsti dalla normativa nazionale ed europea, per esempio in materia di tutela dei consumatori, protezione dei dati personali, sicurezza dei prodotti, tutela dell'ambiente, appalti, concorrenza e fiscalità.

Il canale **non** serve per lamentele o richieste personali legate al tuo rapporto di lavoro: per queste rivolgiti alla funzione del personale. Per un ordine o un reso scrivi al servizio clienti: {{supportEmail}}.

## Come segnalare

Le segnalazioni sono ricevute da un gestore autonomo e appositamente formato, vincolato alla riservatezza. Puoi segnalare:

- **per iscritto, per posta**, all'indirizzo {{companyName}}, {{companyAddress}}. Per garantire la riservatezza, usa tre buste: nella prima metti i tuoi dati identificativi, con la copia di un documento; nella seconda la segnalazione; inserisci entrambe in una terza busta chiusa con la dicitura **«Riservata al gestore della segnalazione»**;
- **in forma orale**, chiedendo con lo stesso mezzo un **incontro diretto** con il gestore, che si tiene entro un termine ragionevole. L'incontro viene verbalizzato e tu puoi verificare e firmare il verbale.

Puoi anche segnalare in forma anonima: la segnalazione viene presa in carico se è circostanziata, anche se non potremo ricontattarti. Ti chiediamo di descrivere i fatti nel modo più preciso possibile: quando e dove sono avvenuti, chi è coinvolto, eventuali documenti o testimoni.

## Che cosa succede dopo

- Entro **sette giorni** dal ricevimento ricevi un avviso che la segnalazione è stata presa in carico.
- Il gestore valuta la segnalazione, può chiederti integrazioni e svolge gli accertamenti necessari in modo imparziale.
- Entro **tre mesi** dall'avviso di ricevimento ricevi un riscontro sull'esito o sullo stato della verifica.

## Le tue tutele

- **Riservatezza.** La tua identità e ogni informazione da cui possa ricavarsi non vengono rivelate, senza il tuo consenso espresso, a persone diverse da quelle competenti a gestire la segnalazione. La stessa tutela vale per le persone coinvolte e menzionate.
- **Divieto di ritorsioni.** Non puoi subire licenziamenti, demansionamenti, trasferimenti, discriminazioni o altre ritorsioni per aver segnalato in buona fede. Eventuali ritorsioni possono essere comunicate all'ANAC.
- Le tutele si estendono a facilitatori, colleghi e familiari che ti hanno aiutato o sono a te legati.

Le tutele non si applicano se è accertata, anche con sentenza di primo grado, la tua responsabilità per diffamazione o calunnia.

## Canale esterno e divulgazione pubblica

Nei casi previsti dall'art. 6 del D.lgs. 24/2023, per esempio se la segnalazione interna non ha avuto seguito o se hai fondati motivi di temere ritorsioni, puoi rivolgerti al canale esterno dell'**Autorità Nazionale Anticorruzione (ANAC)**, disponibile sul sito anticorruzione.it. Alle condizioni dell'art. 15 è possibile anche la divulgazione pubblica.

## Trattamento dei dati personali

I dati contenuti nelle segnalazioni sono trattati da {{companyName}}, come titolare, solo per gestirle e nel rispetto del GDPR e dell'art. 13 del D.lgs. 24/2023. I dati manifestamente non utili vengono cancellati subito. Segnalazioni e documenti sono conservati per il tempo necessario a trattarle e comunque non oltre cinque anni dalla comunicazione dell'esito finale. Per il resto vale la nostra [informativa privacy](/pages/Privacy-Policy).`,
        metaTitle: "Whistleblowing | Bottega",
        metaDescription:
          "Il canale interno di segnalazione di Bottega secondo il D.lgs. 24/2023: chi può segnalare, che cosa, come, tempi di riscontro e tutele.",
        keywords: "whistleblowing, segnalazioni, D.lgs. 24/2023, canale di segnalazione, tutela del segnalante, ANAC, Bottega",
      },
    },
  },
  {
    kind: "page",
    key: "Accessibility",
    publishedDaysAgo: 30,
    translations: {
      it: {
        slug: "Accessibility",
        title: "Dichiarazione di accessibilità",
        excerpt: "Quanto è accessibile il negozio online di Bottega, che cosa non lo è ancora, come segnalarci una barriera e a chi rivolgerti se la nostra risposta non ti soddisfa.",
        body: `{{companyName}} vuole che chiunque possa scegliere e comprare i nostri capi, anche con una tastiera, un lettore di schermo, l'ingrandimento o senza JavaScript. Questa dichiarazione riguarda il negozio online in italiano e in inglese ed è redatta secondo la Direttiva (UE) 2019/882 (European Accessibility Act), recepita in Italia dal D.lgs. 27 maggio 2022, n. 82.

## Stato di conformità

Il negozio è **parzialmente conforme** alle Linee guida per l'accessibilità dei contenuti web (WCAG) 2.1, livello AA, richiamate dalla norma europea EN 301 549: la maggior parte dei requisiti è soddisfatta, con le eccezioni elencate qui sotto.

## Che cosa abbiamo fatto

- Ogni pagina funziona anche senza JavaScript: i moduli sono veri moduli e i filtri sono link.
- Si naviga tutto con la tastiera, con un indicatore di focus sempre visibile e un link per saltare al contenuto.
- Testi e controlli rispettano i contrasti minimi; le taglie esaurite e i colori sono detti anche a parole, non solo con il colore o il barrato.
- Le animazioni si fermano se il tuo sistema chiede di ridurre il movimento.
- Ogni flusso del negozio è verificato a ogni modifica con test automatici di accessibilità, con e senza JavaScript.

## Limiti noti

- Le immagini dei prodotti sono illustrazioni: il testo alternativo indica capo, colore e vista, ma non descrive ogni dettaglio del tessuto. Composizione e istruzioni di cura sono sempre scritte nella scheda.
- Alcuni documenti in PDF, come la scheda del progetto finanziato, non sono ancora strutturati per i lettori di schermo: se ti serve il contenuto in un altro formato, chiedicelo e te lo mandiamo.
- Le pagine di pagamento dei fornitori esterni (per esempio PayPal) non dipendono da noi e seguono le dichiarazioni di accessibilità dei fornitori.

## Segnalare una barriera

Se trovi una parte del negozio che non riesci a usare, o un contenuto che non è accessibile, diccelo: scrivi a {{supportEmail}} o chiama il {{supportPhone}}, {{supportHours}}. Indica la pagina, che cosa stavi facendo e, se vuoi, il dispositivo e la tecnologia assistiva che usi. Ti rispondiamo entro **30 giorni** e, se nel frattempo ti serve, ti aiutiamo a completare l'ordine in un altro modo.

## Organismo di vigilanza

Se la risposta non ti soddisfa, o non ricevi risposta entro 30 giorni, puoi rivolgerti all'**Agenzia per l'Italia Digitale (AgID)**, l'autorità che in Italia vigila sull'accessibilità dei servizi di commercio elettronico: trovi la procedura di segnalazione sul sito agid.gov.it.

## Redazione della dichiarazione

Questa dichiarazione si basa su una verifica interna (autovalutazione) con strumenti automatici e prove manuali da tastiera e con lettore di schermo. La rivediamo ogni anno e a ogni modifica importante del negozio.`,
        metaTitle: "Dichiarazione di accessibilità | Bottega",
        metaDescription:
          "Lo stato di accessibilità del negozio online Bottega (WCAG 2.1 AA, European Accessibility Act): limiti noti, come segnalare una barriera e l'organismo di vigilanza AgID.",
        keywords: "accessibilità, dichiarazione di accessibilità, European Accessibility Act, WCAG 2.1, AgID, barriere, Bottega",
      },
      en: {
        slug: "Accessibility",
        title: "Accessibility statement",
        excerpt: "How accessible Bottega's online shop is, what is not accessible yet, how to report a barrier to us, and whom to contact if our answer does not satisfy you.",
        body: `{{companyName}} wants everyone to be able to choose and buy our clothes, including with a keyboard, a screen reader, magnification or without JavaScript. This statement covers the online shop in Italian and English and follows Directive (EU) 2019/882 (the European Accessibility Act), transposed in Italy by Legislative Decree no. 82 of 27 May 2022.

## Conformance status

The shop is **partially conformant** with the Web Content Accessibility Guidelines (WCAG) 2.1, level AA, as referenced by the European standard EN 301 549: most requirements are met, with the exceptions listed below.

## What we have done

- Every page works without JavaScript: forms are real forms and filters are links.
- Everything can be reached with a keyboard, with an always-visible focus indicator and a link to skip to the content.
- Text and controls meet the minimum contrast; sold-out sizes and colours are also given in words, not only by colour or strike-through.
- Animations stop when your system asks for reduced motion.
- Every flow of the shop is checked on every change with automated accessibility tests, with and without JavaScript.

## Known limitations

- Product images are illustrations: their text alternative gives the garment, colour and view, but does not describe every detail of the fabric. Composition and care instructions are always written on the product page.
- Some PDF documents, such as the funded-project sheet, are not yet structured for screen readers: if you need their content in another format, ask us and we'll send it.
- The payment pages of external providers (for example PayPal) are outside our control and follow those providers' own accessibility statements.

## Reporting a barrier

If you find a part of the shop you cannot use, or content that is not accessible, tell us: write to {{supportEmail}} or call {{supportPhone}}, {{supportHours}}. Tell us the page, what you were doing and, if you like, the device and assistive technology you use. We reply within **30 days** and, if you need it in the meantime, help you complete your order another way.

## Enforcement body

If our answer does not satisfy you, or you receive none within 30 days, you can turn to the **Agenzia per l'Italia Digitale (AgID)**, the Italian authority that supervises the accessibility of e-commerce services: its reporting procedure is on agid.gov.it.

## How this statement was prepared

This statement is based on an internal review (self-assessment) with automated tools and manual testing with a keyboard and a screen reader. We review it every year and after every significant change to the shop.`,
        metaTitle: "Accessibility statement | Bottega",
        metaDescription:
          "The accessibility of Bottega's online shop (WCAG 2.1 AA, European Accessibility Act): known limitations, how to report a barrier, and the enforcement body AgID.",
        keywords: "accessibility, accessibility statement, European Accessibility Act, WCAG 2.1, AgID, barriers, Bottega",
      },
    },
  },
  {
    kind: "page",
    key: "garment-care",
    publishedDaysAgo: 150,
    cover: "iron",
    translations: {
      it: {
        slug: "garment-care",
        title: "Cura dei capi",
        excerpt: "Lavare, asciugare, stirare e conservare: una guida breve per far durare i tuoi capi Bottega, con un rimando agli approfondimenti.",
        body: `Un capo ben fatto merita un po' di attenzione, e la ricambia durando anni. Sull'etichetta interna e nella scheda prodotto trovi sempre composizione e istruzioni di lavaggio: partono da lì tutti i nostri consigli.

## Quattro regole che valgono per tutto

- **Lava meno, arieggia di più.** Lana e cashmere si rinfrescano appesi all'aria per una notte; spesso basta una spazzola.
- **Acqua fredda e detergenti delicati.** Il calore e gli enzimi dei detersivi comuni sono i primi nemici delle fibre naturali.
- **Niente asciugatrice.** La maglieria si asciuga in piano, le camicie sulla gruccia, tutto lontano dai termosifoni e dal sole diretto.
- **Riposo.** Scarpe e cappotti durano molto di più se non li indossi due giorni di fila.

## La guida, materiale per materiale

Nella nostra guida [Cura del capo](/curadelcapo) trovi le istruzioni dettagliate:

- [Lana e cashmere](/curadelcapo/lana-e-cashmere): lavaggio a mano, asciugatura in piano, pallini e tarme.
- [Lino e cotone](/curadelcapo/lino-e-cotone): temperature, centrifuga e stiratura da umido.
- [Seta](/curadelcapo/seta): acqua fredda, niente strizzature, ferro basso.
- [Pelle, scarpe e borse](/curadelcapo/pelle-scarpe-e-borse): tendiscarpe, creme e pioggia.
- [Il cambio di stagione](/curadelcapo/cambio-di-stagione): come riporre i capi, cedro e lavanda.

Per un dubbio su un capo preciso, scrivici a {{supportEmail}}: ti rispondiamo con i consigli di chi l'ha disegnato.`,
        metaTitle: "Cura dei capi | Bottega",
        metaDescription:
          "Come lavare, asciugare, stirare e conservare i tuoi capi Bottega: le regole essenziali e i link alla guida completa, materiale per materiale.",
        keywords: "cura dei capi, come lavare, lavaggio lana, lavaggio seta, cura della pelle, Bottega",
      },
      en: {
        slug: "garment-care",
        title: "Garment care",
        excerpt: "Washing, drying, pressing and storing: a short guide to making your Bottega pieces last, with links to the full care guide.",
        body: `A well-made piece deserves a little attention, and repays it by lasting for years. The inside label and the product page always give the composition and washing instructions: all our advice starts there.

## Four rules for everything

- **Wash less, air more.** Wool and cashmere freshen up hung in the air overnight; often a brush is all they need.
- **Cool water, gentle detergents.** Heat and the enzymes in ordinary detergents are the first enemies of natural fibres.
- **No tumble dryer.** Knitwear dries flat, shirts on a hanger, everything away from radiators and direct sun.
- **Rest.** Shoes and coats last far longer if you don't wear them two days running.

## The guide, material by material

Our [care guide](/en/careguide) has the detailed instructions:

- [Wool and cashmere](/en/careguide/wool-and-cashmere): hand washing, drying flat, pilling and moths.
- [Linen and cotton](/en/careguide/linen-and-cotton): temperatures, spin speeds and pressing while damp.
- [Silk](/en/careguide/silk): cold water, no wringing, a cool iron.
- [Leather shoes and bags](/en/careguide/leather-shoes-and-bags): shoe trees, creams and rain.
- [Between seasons](/en/careguide/storing-clothes-between-seasons): how to put clothes away, with cedar and lavender.

If you're unsure about a particular piece, write to {{supportEmail}}: we'll reply with advice from the people who designed it.`,
        metaTitle: "Garment care | Bottega",
        metaDescription:
          "How to wash, dry, press and store your Bottega pieces: the essential rules and links to the full care guide, material by material.",
        keywords: "garment care, how to wash clothes, washing wool, silk care, leather care, Bottega",
      },
    },
  },
];

/* ------------------------------------------------------------------------------------------ */
/* Journal (/blog/{slug}, /en/blog/{slug})                                                     */
/* ------------------------------------------------------------------------------------------ */

const journal: SeedContent[] = [
  {
    kind: "blog",
    key: "autumn-winter-collection",
    publishedDaysAgo: 2,
    cover: "hanger",
    translations: {
      it: {
        slug: "collezione-autunno-inverno",
        title: "Autunno-Inverno: la collezione del tempo lento",
        excerpt: "Flanella del Biellese, loden, cashmere e seta di Como: una collezione in colori di terra, fatta di capi da portare per molti inverni.",
        body: `Ogni collezione comincia da una parola scritta sulla lavagna dell'atelier. Quest'anno era «lento»: il passo di una passeggiata di novembre, il tempo che serve a una lana per diventare morbida, quello che serve a un cappotto per prendere la forma di chi lo porta.

## I colori

![Sei cartoncini con i tessuti della stagione: cammello, terra bruciata, oliva, grigio fumo, inchiostro e terracotta](/media/still/chips-terracotta)

Abbiamo lavorato su una palette stretta, presa dai campi dopo la vendemmia e dai muri delle città del nord: cammello, terra bruciata, verde oliva, un grigio fumo che vira quasi al blu e il nostro nero inchiostro. Sono colori che si parlano: una maglia dell'anno scorso sta bene con un pantalone di quest'anno, ed è esattamente l'idea.

## I materiali

La protagonista è la **flanella di lana cardata**, tessuta nel Biellese: morbida, calda, con quell'aspetto leggermente mélange che cambia con la luce. La usiamo per i pantaloni a piega e per una giacca destrutturata senza fodera, leggera come una camicia pesante. Accanto ci sono il **loden**, per un cappotto che non teme la pioggia, il **cashmere** per la maglieria a coste e un **mohair spazzolato** che trasforma ogni maglione in una piccola nuvola. Per la sera, il raso di **seta di Como** in un [abito sottoveste](/products/abito-sottoveste-in-seta) da portare sopra un [dolcevita sottile](/products/dolcevita-in-merino-extrafine), come si faceva una volta.

## Le forme

Spalle morbide, volumi generosi ma mai trascurati, lunghezze pensate per muoversi: il cappotto arriva a metà polpaccio, la [gonna a pieghe](/products/gonna-a-pieghe-in-lana) sfiora la caviglia, i pantaloni hanno un orlo ampio che si posa sulla scarpa. Sono capi che non chiedono abbinamenti studiati. Li metti, e funzionano.

## Tre capi da cui partire

- **Il [cappotto in loden](/products/cappotto-in-loden)**, con collo a lancia e tasche applicate: ne abbiamo raccontato la nascita, [dal bozzetto alla cucitura](/blog/cappotto-dal-bozzetto-alla-cucitura).
- **Il [cardigan a scialle in lana](/products/cardigan-a-scialle-in-lana)**, da portare aperto sopra una camicia o da solo, abbottonato fino al collo.
- **I [pantaloni in flanella](/products/pantaloni-in-flanella-con-pince)**, con doppia pince e risvolto, per l'ufficio come per la domenica.

## Un inverno, e poi un altro

Non abbiamo pensato questa collezione per una stagione sola. Ogni capo è cucito per essere portato a lungo, lavato poco, spazzolato spesso, riposto con cura a primavera e ritrovato a ottobre come un vecchio amico. Se vuoi sapere come, la nostra guida [Cura del capo](/curadelcapo) parte proprio da lana e cashmere.

La collezione è online da oggi nelle sezioni [Donna](/categories/donna) e [Uomo](/categories/uomo), e nei nostri [negozi](/pages/storelocator). Prenditi il tuo tempo: è stata pensata per questo.`,
        metaTitle: "Collezione Autunno-Inverno | Bottega",
        metaDescription:
          "La nuova collezione Autunno-Inverno Bottega: flanella del Biellese, loden, cashmere e seta di Como in colori di terra, per molti inverni.",
        keywords: "collezione autunno inverno, nuova collezione, flanella, loden, cashmere, moda italiana, Bottega",
      },
      en: {
        slug: "autumn-winter-collection",
        title: "Autumn-Winter: a collection for slow days",
        excerpt: "Biella flannel, loden, cashmere and Como silk: a collection in earthy colours, made of pieces to wear for many winters.",
        body: `Every collection starts with a single word chalked on the atelier blackboard. This year it was "slow": the pace of a November walk, the time it takes wool to soften, the time a coat needs to take the shape of the person wearing it.

## The colours

![Six cards with the season's cloths: camel, burnt earth, olive, smoke grey, ink and terracotta](/media/still/chips-terracotta)

We kept the palette tight, borrowed from the fields after the grape harvest and the walls of northern towns: camel, burnt earth, olive, a smoke grey that edges towards blue, and our own ink black. They're colours that talk to each other: last year's jumper works with this year's trousers, and that's precisely the point.

## The materials

The lead is **carded wool flannel**, woven in the Biella district: soft, warm, with a faint mottle that shifts with the light. We use it for pleated trousers and for an unlined, unstructured jacket that feels as light as a heavy shirt. Alongside it are **loden**, for a coat that shrugs off the rain, **cashmere** for rib knits, and a **brushed mohair** that turns every jumper into a small cloud. For evenings, **Como silk** satin cut into a [slip dress](/en/products/silk-slip-dress), worn over a [fine roll-neck](/en/products/extra-fine-merino-turtleneck) the way it used to be.

## The shapes

Soft shoulders, generous but never careless volumes, lengths made for moving: the coat reaches mid-calf, the [pleated skirt](/en/products/pleated-wool-skirt) brushes the ankle, the trousers have a wide hem that rests on the shoe. These aren't clothes that need careful styling. You put them on, and they work.

## Three pieces to start with

- **The [loden coat](/en/products/loden-coat)**, with peaked lapels and patch pockets: we followed its making [from sketch to seam](/en/blog/coat-from-sketch-to-seam).
- **The [shawl-collar wool cardigan](/en/products/shawl-collar-wool-cardigan)**, worn open over a shirt or on its own, buttoned to the neck.
- **The [flannel trousers](/en/products/pleated-flannel-trousers)**, with double pleats and turn-ups, for the office and for Sundays alike.

## One winter, then another

We didn't design this collection for a single season. Every piece is made to be worn for years, washed rarely, brushed often, put away with care in spring and found again in October like an old friend. If you'd like to know how, our [care guide](/en/careguide) begins with wool and cashmere.

The collection is online from today in [Women](/en/categories/women) and [Men](/en/categories/men), and in our [stores](/en/pages/storelocator). Take your time: that's what it was made for.`,
        metaTitle: "The Autumn-Winter collection | Bottega",
        metaDescription:
          "Bottega's new Autumn-Winter collection: Biella flannel, loden, cashmere and Como silk in earthy colours, made to be worn for many winters.",
        keywords: "autumn winter collection, new collection, wool flannel, loden coat, cashmere, Italian fashion, Bottega",
      },
    },
  },
  {
    kind: "blog",
    key: "biella-wool-mill",
    publishedDaysAgo: 58,
    cover: "loom",
    translations: {
      it: {
        slug: "visita-lanificio-biella",
        title: "Un giorno in un lanificio del Biellese",
        excerpt: "Siamo saliti in una valle sopra Biella, dove una famiglia tesse lana da quattro generazioni, per vedere nascere la flanella dei nostri pantaloni.",
        body: `Si arriva dopo l'ultima curva della valle, quando la strada costeggia il torrente e i capannoni in mattoni rosso scuro si allineano lungo l'acqua. Non è un caso: la lana, nel Biellese, è cresciuta accanto a questi torrenti, perché la loro acqua scende dalle Alpi povera di calcare, ed è perfetta per lavare le fibre senza indurirle.

## Dalla balla al filo

Il lanificio che abbiamo visitato è guidato dalla stessa famiglia da quattro generazioni. La lana arriva in balle compresse, già lavata e pettinata o pronta per la cardatura. Per la nostra flanella si usa la **lana cardata**: le fibre vengono aperte e mescolate da grandi cilindri rivestiti di punte sottili, che le dispongono in un velo leggero come nebbia. Da quel velo nascono stoppini morbidi, poi ritorti in un filo voluminoso e un po' irregolare. È questa irregolarità a dare alla flanella la sua mano calda.

## Il telaio

Nella sala di tessitura il rumore è ritmico, quasi musicale. Prima di tessere bisogna preparare l'ordito: migliaia di fili, messi in parallelo uno a uno sul subbio, secondo un disegno che il tecnico conosce a memoria. Poi la navetta, o meglio la pinza dei telai moderni, porta la trama avanti e indietro. Una pezza di flanella è lunga una sessantina di metri e, appena tolta dal telaio, è ruvida, rigida, irriconoscibile.

## Il finissaggio, dove succede la magia

![Cardi essiccati montati su un telaio di legno, sopra una pezza di flanella: così si solleva il pelo della lana](/media/still/teasels-sage)

È nel reparto di finissaggio che la flanella diventa flanella. La pezza viene lavata in quell'acqua dolce, poi **follata**: battuta e compressa in acqua tiepida finché le fibre si avvicinano e il tessuto si infeltrisce appena, diventando compatto e morbido. Segue la **garzatura**, che solleva in superficie un pelo leggerissimo, e infine la pressatura. Il responsabile del reparto ci ha fatto toccare la stessa pezza prima e dopo: sembravano due tessuti diversi.

## Le rammendatrici

L'ultima tappa è la più silenziosa. Su tavoli illuminati dal basso, le rammendatrici controllano ogni metro di tessuto controluce e riparano a mano, con ago e filo, i piccoli difetti: un filo mancante, un nodo, una trama saltata. Una di loro lavora lì da più di trent'anni e riconosce un errore di telaio solo sfiorando la stoffa.

## Perché ci andiamo

Potremmo scegliere i tessuti da un campionario, e a volte lo facciamo. Ma vedere come nasce una stoffa cambia il modo in cui la tagliamo e la cuciamo, e ci permette di chiedere piccole cose: un peso leggermente diverso, un grigio più caldo, una garzatura più corta. La flanella della nuova [collezione Autunno-Inverno](/blog/collezione-autunno-inverno) è nata così, da una mattina passata in quella valle.

Per farla durare, leggi come [lavare e conservare la lana](/curadelcapo/lana-e-cashmere).`,
        metaTitle: "Un giorno in un lanificio del Biellese | Bottega",
        metaDescription:
          "Dalla balla al tessuto: la visita a un lanificio del Biellese tra cardatura, telai, follatura e rammendatrici, dove nasce la nostra flanella.",
        keywords: "lanificio Biella, lana biellese, flanella di lana, tessitura, finissaggio, made in Italy, Bottega",
      },
      en: {
        slug: "biella-wool-mill-visit",
        title: "A day at a wool mill near Biella",
        excerpt: "We drove up a valley above Biella, where one family has woven wool for four generations, to watch the flannel for our trousers being made.",
        body: `You arrive after the last bend in the valley, where the road follows the stream and dark red brick mills line up along the water. That's no accident: wool grew up beside these streams because their water comes down from the Alps with very little lime in it, perfect for washing fibres without making them harsh.

## From bale to yarn

The mill we visited has been run by the same family for four generations. Wool arrives in tightly pressed bales, already scoured and either combed or ready for carding. Our flannel uses **carded wool**: large rollers covered in fine teeth open and blend the fibres and lay them out in a web as light as mist. That web becomes soft slivers, which are then twisted into a lofty, slightly uneven yarn. That unevenness is exactly what gives flannel its warm hand.

## The loom

The weaving shed is loud, but in a rhythmic, almost musical way. Before any weaving, the warp has to be prepared: thousands of threads laid side by side onto the beam, following a plan the technician knows by heart. Then the shuttle, or rather the rapier of a modern loom, carries the weft back and forth. A piece of flannel is around sixty metres long and, fresh off the loom, it's rough, stiff and unrecognisable.

## Finishing, where the magic happens

![Dried teasels set in a wooden frame over a length of flannel: how wool cloth is given its nap](/media/still/teasels-sage)

It's in the finishing department that flannel becomes flannel. The cloth is washed in that soft water, then **milled**: pounded and compressed in warm water until the fibres draw together and the fabric felts ever so slightly, turning dense and soft. Next comes **raising**, which lifts a very fine nap to the surface, and finally pressing. The head of the department had us touch the same piece before and after: they felt like two different fabrics.

## The menders

The last stage is the quietest. At tables lit from below, the menders inspect every metre against the light and repair small flaws by hand, with needle and thread: a missing end, a knot, a skipped pick. One of them has worked there for more than thirty years and can spot a loom fault just by running her fingertips over the cloth.

## Why we go

We could choose fabrics from a swatch book, and sometimes we do. But seeing how a cloth is made changes the way we cut and sew it, and lets us ask for small things: a slightly different weight, a warmer grey, a shorter nap. The flannel in the new [Autumn-Winter collection](/en/blog/autumn-winter-collection) was born that way, from a morning spent in that valley.

To make it last, read how to [wash and store wool](/en/careguide/wool-and-cashmere).`,
        metaTitle: "A day at a Biella wool mill | Bottega",
        metaDescription:
          "From bale to cloth: a visit to a family wool mill near Biella, through carding, weaving, milling and mending, where our flannel is made.",
        keywords: "Biella wool mill, Italian wool, wool flannel, weaving, textile finishing, made in Italy, Bottega",
      },
    },
  },
  {
    kind: "blog",
    key: "coat-sketch-to-seam",
    publishedDaysAgo: 35,
    cover: "tailoring",
    translations: {
      it: {
        slug: "cappotto-dal-bozzetto-alla-cucitura",
        title: "Storia di un cappotto, dal bozzetto alla cucitura",
        excerpt: "Tre prove, trentadue pezzi di cartamodello e molte ore di ferro da stiro: come è nato il cappotto in loden della nuova collezione.",
        body: `Il cappotto in loden della nuova collezione è cominciato su un foglio di carta da pacchi, a matita morbida: una silhouette lunga, il collo a lancia, due tasche applicate grandi abbastanza da infilarci le mani fino al polso. Da quel disegno al capo finito sono passati otto mesi.

## Il cartamodello

Il bozzetto passa alla modellista, che lo traduce in geometria. Il cartamodello di questo cappotto ha **trentadue pezzi**: davanti, dietro, paramonture, sottocolli, tasche, fodere, rinforzi. Ogni pezzo porta segnati il drittofilo, le tacche di montaggio e le misure di cucitura. È qui che si decide quasi tutto: quanto scende la spalla, quanta ampiezza lasciare sul dietro perché il cappotto non tiri quando alzi un braccio.

## La tela e le prove

![Un manichino da sarto con la tela di prova in cotone, segnata col gesso e fermata con gli spilli in vita](/media/still/form-stone)

Prima di toccare il loden si cuce una **tela**, un prototipo in cotone grezzo. La proviamo in atelier, su persone vere, e la segniamo con gli spilli e il gesso. La prima prova ha mostrato un collo troppo alto; la seconda, tasche di un paio di centimetri troppo basse per una mano in tasca naturale. Alla terza il cappotto si muoveva come volevamo. Ogni correzione torna sulla carta, e il cartamodello viene ridisegnato.

## Il taglio

Il loden è un tessuto vivo: follato e garzato, ha un verso del pelo che va rispettato, altrimenti i pezzi riflettono la luce in modo diverso. Il tagliatore stende la stoffa, la lascia riposare una notte perché si assesti, poi piazza i pezzi tutti nello stesso senso. Nessuno spreco inutile: i ritagli più grandi diventano pattine e rinforzi.

## Le cuciture che non si vedono

Dentro il cappotto c'è un secondo cappotto, invisibile. Il davanti è rinforzato da una **teletta** di crine e lana, cucita a mano con piccoli punti che danno al revers la sua curva naturale. Il sottocollo è lavorato allo stesso modo, così il collo si posa sul collo, senza staccarsi. Le maniche vengono montate con una leggera ripresa sulla spalla, distribuita con pazienza punto per punto.

## Il ferro da stiro

In sartoria si dice che stirare sia metà del lavoro, e non è un modo di dire. Ogni cucitura viene aperta e stirata subito, prima di passare alla successiva; alla fine il cappotto passa su un manichino da stiro, dove vapore e pressione fissano le forme. Un cappotto stirato bene in lavorazione non ha bisogno di essere stirato a casa.

## L'ultimo controllo

Prima di partire, ogni capo viene controllato a mano: asole, bottoni, simmetrie, orli. All'interno trovi un bottone di ricambio e un po' di filo dello stesso colore, perché un cappotto così è fatto per durare, e prima o poi un bottone si allenta.

Il [cappotto in loden](/products/cappotto-in-loden) è nella sezione [Cappotti](/categories/uomo/cappotti) e nella nuova [collezione Autunno-Inverno](/blog/collezione-autunno-inverno). Per tenerlo bene, leggi i nostri consigli su [lana e cashmere](/curadelcapo/lana-e-cashmere).`,
        metaTitle: "Storia di un cappotto, dal bozzetto alla cucitura | Bottega",
        metaDescription:
          "Dal bozzetto al cartamodello, dalla tela di prova alle cuciture a mano: come nasce in atelier il cappotto in loden della nuova collezione.",
        keywords: "cappotto in loden, sartoria, cartamodello, come nasce un cappotto, atelier, made in Italy, Bottega",
      },
      en: {
        slug: "coat-from-sketch-to-seam",
        title: "The story of a coat, from sketch to seam",
        excerpt: "Three fittings, thirty-two pattern pieces and many hours at the pressing iron: how the loden coat in the new collection came to be.",
        body: `The loden coat in the new collection started on a sheet of brown paper, in soft pencil: a long silhouette, peaked lapels, two patch pockets deep enough to bury your hands up to the wrist. From that drawing to the finished coat took eight months.

## The pattern

The sketch goes to the pattern cutter, who turns it into geometry. This coat's pattern has **thirty-two pieces**: fronts, back, facings, under-collars, pockets, linings, reinforcements. Each piece is marked with the grain line, the notches and the seam allowances. This is where almost everything is decided: how far the shoulder drops, how much ease to leave across the back so the coat doesn't pull when you raise an arm.

## The toile and the fittings

![A tailor's dummy wearing the calico toile, marked in chalk and pinned at the waist](/media/still/form-stone)

Before we touch the loden, we sew a **toile**, a prototype in unbleached calico. We fit it in the atelier, on real people, and mark it up with pins and chalk. The first fitting showed a collar that stood too high; the second, pockets a couple of centimetres too low for a hand to fall into naturally. By the third, the coat moved the way we wanted. Every correction goes back onto paper, and the pattern is redrawn.

## Cutting

Loden is a living cloth: milled and raised, it has a nap that must be respected, or the pieces catch the light differently. The cutter lays the fabric out, leaves it overnight to settle, then places every piece in the same direction. Nothing is wasted: the larger offcuts become pocket flaps and reinforcements.

## The seams you never see

Inside the coat there's a second, invisible coat. The fronts are reinforced with a **canvas** of horsehair and wool, attached by hand with tiny stitches that give the lapel its natural roll. The under-collar is worked the same way, so the collar hugs the neck rather than standing away from it. The sleeves are set with a little ease at the shoulder, eased in patiently, stitch by stitch.

## The iron

Tailors say pressing is half the job, and they mean it. Every seam is opened and pressed as soon as it's sewn, before moving on to the next; at the end the coat goes onto a pressing form, where steam and pressure set its shape. A coat pressed well while it's being made rarely needs pressing at home.

## The final check

Before it leaves, every coat is checked by hand: buttonholes, buttons, symmetry, hems. Inside you'll find a spare button and a little matching thread, because a coat like this is made to last, and sooner or later a button works loose.

The [loden coat](/en/products/loden-coat) is in [Coats](/en/categories/men/coats) and in the new [Autumn-Winter collection](/en/blog/autumn-winter-collection). To look after it, read our advice on [wool and cashmere](/en/careguide/wool-and-cashmere).`,
        metaTitle: "The story of a coat, from sketch to seam | Bottega",
        metaDescription:
          "From sketch to pattern, from calico toile to hand-stitched canvas: how the loden coat in our new collection is made in the atelier.",
        keywords: "loden coat, tailoring, pattern cutting, how a coat is made, atelier, made in Italy, Bottega",
      },
    },
  },
  {
    kind: "blog",
    key: "linen-summer",
    publishedDaysAgo: 195,
    cover: "flax",
    translations: {
      it: {
        slug: "lino-e-estate",
        title: "Il lino e l'estate",
        excerpt: "Fresco, asciutto, sempre un po' stropicciato: perché il lino è il tessuto dell'estate, da dove viene e come portarlo senza pensarci troppo.",
        body: `C'è un momento, a fine maggio, in cui il lino esce dagli armadi e non ci torna fino a settembre. Non è solo una questione di moda: è il tessuto che più di ogni altro sa cosa fare quando fa caldo.

## Da un campo azzurro

Il lino nasce da una pianta sottile con un fiore azzurro che dura una mattina. Gran parte del lino europeo cresce lungo la costa della Manica, tra Normandia, Fiandre e Paesi Bassi, dove l'aria umida e le piogge regolari bastano alla pianta, quasi senza irrigazione. A luglio le piante non vengono tagliate ma **estirpate**, per conservare tutta la lunghezza della fibra, e lasciate a terra per alcune settimane: la rugiada e il sole separano lentamente le fibre dal fusto. Poi la stigliatura, la pettinatura, la filatura. Il nostro lino viene tessuto in Italia e poi **lavato in capo**, così arriva già morbido, con quella mano asciutta e vissuta che altrimenti richiederebbe anni.

## Perché ci sta così bene addosso

La fibra di lino è cava e molto lunga. Assorbe l'umidità e la rilascia in fretta, così sulla pelle resta fresca e asciutta anche nelle giornate afose. Non trattiene il calore, non si carica di elettricità statica e, a differenza del cotone, diventa più bella con i lavaggi: ogni volta un po' più morbida, un po' più chiara nei colori.

## Le pieghe

Il lino si stropiccia, ed è giusto così. Le pieghe che si formano durante una giornata sono la firma del tessuto, non un difetto da nascondere. Se le vuoi più morbide, stira la camicia quando è ancora umida e appendila subito: il resto lo fa il giorno. Se le vuoi eliminare del tutto, probabilmente il lino non fa per te, e va benissimo.

## Come lo portiamo noi

- **La camicia oversize**, aperta sopra una canotta di cotone, con le maniche arrotolate due volte.
- **I pantaloni con coulisse**, larghi e a vita alta, da portare con sandali piatti o mocassini senza calze.
- **L'abito chemisier**, che di giorno va in città e la sera si accompagna a una giacca leggera.
- Tutto insieme, tono su tono: sabbia con sabbia, bianco con écru. Il lino sta bene soprattutto con altro lino.

## Una fibra che dura

Un capo di lino ben tenuto accompagna molte estati. Lavalo a 30 °C con un ciclo delicato, asciugalo appeso e non usare l'asciugatrice: nella guida [Lino e cotone](/curadelcapo/lino-e-cotone) trovi tutti i dettagli. Le camicie in lino sono nelle sezioni [Donna](/categories/donna/camicie) e [Uomo](/categories/uomo/camicie); per cominciare, la [camicia in lino lavato](/products/camicia-in-lino-lavato), l'[abito midi](/products/abito-midi-in-lino), i [pantaloni ampi](/products/pantaloni-ampi-in-lino) e la [gonna lunga](/products/gonna-lunga-in-lino).`,
        metaTitle: "Il lino e l'estate | Bottega",
        metaDescription:
          "Da dove viene il lino, perché è il tessuto più fresco dell'estate, come accettarne le pieghe e come portarlo: la camicia, i pantaloni, l'abito.",
        keywords: "lino, capi in lino, camicia di lino, pantaloni di lino, tessuti estivi, lino lavato, Bottega",
      },
      en: {
        slug: "linen-and-summer",
        title: "Linen and summer",
        excerpt: "Cool, dry and always a little rumpled: why linen is the fabric of summer, where it comes from and how to wear it without overthinking.",
        body: `There's a moment at the end of May when linen comes out of the wardrobe and doesn't go back until September. It isn't just fashion: no other fabric knows quite so well what to do when it's hot.

## From a blue field

Linen comes from flax, a slender plant with a blue flower that lasts a single morning. Most European flax grows along the Channel coast, across Normandy, Flanders and the Netherlands, where damp air and steady rain give the plant all it needs, with almost no irrigation. In July the plants aren't cut but **pulled up**, to keep the full length of the fibre, and left lying in the field for a few weeks: dew and sun slowly loosen the fibres from the stem. Then come scutching, hackling and spinning. Our linen is woven in Italy and then **garment-washed**, so it reaches you already soft, with the dry, lived-in hand that would otherwise take years.

## Why it feels so good

The linen fibre is long and hollow. It absorbs moisture and lets it go quickly, so it stays cool and dry against the skin even on close, heavy days. It doesn't hold heat, doesn't build up static and, unlike cotton, grows more beautiful with washing: a little softer each time, its colours a little paler.

## The creases

Linen creases, and that's as it should be. The folds a day leaves behind are the fabric's signature, not a flaw to hide. If you'd like them softer, iron your shirt while it's still damp and hang it straight away: the day will do the rest. If you want them gone altogether, linen may not be for you, and that's perfectly fine.

## How we wear it

- **The oversized shirt**, open over a cotton vest, sleeves rolled twice.
- **Drawstring trousers**, wide and high-waisted, with flat sandals or loafers and bare ankles.
- **The shirt dress**, which goes to town by day and meets a light jacket in the evening.
- All of it together, tone on tone: sand with sand, white with ecru. Linen looks best of all with more linen.

## A fibre that lasts

Well looked after, a linen piece will see you through many summers. Wash it at 30 °C on a delicate cycle, dry it on a hanger and skip the tumble dryer: the [Linen and cotton](/en/careguide/linen-and-cotton) guide has all the details. Our linen shirts are in [Women](/en/categories/women/shirts) and [Men](/en/categories/men/shirts); to start with, the [washed linen shirt](/en/products/washed-linen-shirt), the [midi dress](/en/products/linen-midi-dress), the [wide-leg trousers](/en/products/wide-leg-linen-trousers) and the [long skirt](/en/products/long-linen-skirt).`,
        metaTitle: "Linen and summer | Bottega",
        metaDescription:
          "Where linen comes from, why it is summer's coolest fabric, how to embrace its creases and how to wear it: the shirt, the trousers, the dress.",
        keywords: "linen, linen clothing, linen shirt, linen trousers, summer fabrics, washed linen, Bottega",
      },
    },
  },
  {
    kind: "blog",
    key: "capsule-wardrobe",
    publishedDaysAgo: 90,
    cover: "rail",
    translations: {
      it: {
        slug: "come-costruire-un-guardaroba-capsule",
        title: "Come costruire un guardaroba capsule",
        excerpt: "Meno capi, scelti meglio, che stanno bene tutti insieme: un metodo in cinque passi per un armadio che lavora per te.",
        body: `Un guardaroba capsule non è una regola né una sfida minimalista. È un armadio in cui ogni capo sta bene con quasi tutti gli altri, così la mattina scegli in un minuto e ogni cosa viene indossata davvero. Ecco come ci arriviamo noi, in cinque passi.

## 1. Parti da quello che hai

Prima di comprare qualsiasi cosa, svuota l'armadio su un letto. Dividi i capi in tre mucchi: quelli che porti ogni settimana, quelli che porti ogni tanto, quelli che non metti da più di un anno. Il primo mucchio è il tuo punto di partenza: dice già quali forme e quali colori senti tuoi. Del terzo chiediti perché: spesso è una questione di taglia o di vestibilità, e un sarto può risolverla.

## 2. Scegli una palette

Bastano **tre colori neutri e uno o due accenti**. Per esempio: blu notte, grigio mélange ed écru, con un cammello e un verde oliva. I neutri fanno da base, gli accenti danno carattere. Se tutto si accorda, con trenta capi ottieni facilmente più di cento combinazioni.

## 3. Le fondamenta

Questi sono i capi che ritroviamo in quasi ogni capsule ben riuscita:

- una **camicia bianca** in popeline e una in lino, per le stagioni diverse;
- due **maglie**, una girocollo in merino sottile e un cardigan più caldo;
- un paio di **pantaloni** sartoriali e un paio più rilassato;
- una **gonna** midi o un secondo paio di pantaloni, secondo come ti muovi;
- una **giacca** destrutturata, che sta bene sopra una maglia come sopra una camicia;
- un **cappotto** in un colore neutro, il capo su cui vale la pena investire di più;
- un paio di **mocassini** e un paio di scarpe più sportive;
- una **borsa** capiente, una **cintura** in cuoio e una **sciarpa** che porti il colore d'accento.

## 4. Compra meno, compra meglio

Un capo costruito bene costa di più il giorno in cui lo compri e molto meno negli anni. Prova a pensare al costo per utilizzo: un cappotto portato cento volte all'anno per cinque inverni costa poco a ogni uscita, anche se il prezzo d'acquisto è alto. Controlla le fibre, le cuciture interne, la qualità dei bottoni. E soprattutto la vestibilità: un capo che non ti sta bene resterà nell'armadio, qualunque sia il prezzo.

## 5. Prenditene cura

Una capsule funziona solo se i capi restano in forma. Lavali meno e meglio, spazzola la lana, riposa le scarpe, ripara subito un bottone che si allenta. Al cambio di stagione, ripassa i tre mucchi: quello che non hai messo ti dice cosa non serve comprare la prossima volta.

Trovi i nostri consigli su come [conservare i capi tra una stagione e l'altra](/curadelcapo/cambio-di-stagione) nella guida Cura del capo, e le fondamenta della capsule nelle sezioni [Donna](/categories/donna) e [Uomo](/categories/uomo).`,
        metaTitle: "Come costruire un guardaroba capsule | Bottega",
        metaDescription:
          "Un metodo in cinque passi per un guardaroba capsule: partire da ciò che hai, scegliere una palette, i capi base, comprare meglio, averne cura.",
        keywords: "guardaroba capsule, capsule wardrobe, capi base, armadio essenziale, moda sostenibile, Bottega",
      },
      en: {
        slug: "how-to-build-a-capsule-wardrobe",
        title: "How to build a capsule wardrobe",
        excerpt: "Fewer pieces, chosen better, that all work together: a five-step method for a wardrobe that does the work for you.",
        body: `A capsule wardrobe isn't a rule or a minimalist challenge. It's a wardrobe where every piece goes with almost every other, so you get dressed in a minute and everything you own actually gets worn. Here's how we go about it, in five steps.

## 1. Start with what you have

Before you buy anything, empty your wardrobe onto the bed. Sort everything into three piles: what you wear every week, what you wear now and then, and what you haven't worn in over a year. The first pile is your starting point: it already tells you which shapes and colours feel like you. As for the third, ask yourself why. Often it's the size or the fit, and a tailor can fix that.

## 2. Choose a palette

**Three neutrals and one or two accents** are plenty. For instance: navy, grey marl and ecru, with camel and olive. The neutrals are the foundation; the accents bring character. When everything works together, thirty pieces easily give you more than a hundred outfits.

## 3. The foundations

These are the pieces we find in nearly every capsule that works:

- a **white shirt** in poplin and another in linen, for different seasons;
- two **knits**: a fine merino crew neck and a warmer cardigan;
- one pair of tailored **trousers** and one more relaxed pair;
- a midi **skirt** or a second pair of trousers, depending on how you move;
- an unstructured **jacket** that works over a jumper as well as a shirt;
- a **coat** in a neutral colour, the piece most worth investing in;
- a pair of **loafers** and a pair of more casual shoes;
- a roomy **bag**, a leather **belt** and a **scarf** that carries your accent colour.

## 4. Buy less, buy better

A well-made piece costs more on the day you buy it and much less over the years. Think in cost per wear: a coat worn a hundred times a year for five winters costs very little each time, even if the price tag is high. Check the fibres, the inside seams, the quality of the buttons. Above all, check the fit: something that doesn't fit will stay in the wardrobe, whatever it cost.

## 5. Look after it

A capsule only works if the pieces keep their shape. Wash less and better, brush your wool, rest your shoes, and fix a loose button the moment you notice it. When the seasons change, go back to your three piles: what you didn't wear tells you what not to buy next time.

Our advice on [storing clothes between seasons](/en/careguide/storing-clothes-between-seasons) is in the care guide, and the foundations of a capsule are in [Women](/en/categories/women) and [Men](/en/categories/men).`,
        metaTitle: "How to build a capsule wardrobe | Bottega",
        metaDescription:
          "A five-step method for a capsule wardrobe: start with what you own, choose a palette, pick the foundations, buy better and look after it all.",
        keywords: "capsule wardrobe, wardrobe essentials, basics, minimalist wardrobe, sustainable fashion, Bottega",
      },
    },
  },
  {
    kind: "blog",
    key: "marche-shoe-workshop",
    publishedDaysAgo: 130,
    cover: "shoemaker",
    translations: {
      it: {
        slug: "laboratorio-scarpe-marche",
        title: "Nel laboratorio delle Marche dove nascono le nostre scarpe",
        excerpt: "Tra Fermo e Macerata, in una piccola manifattura di famiglia, ogni paio delle nostre scarpe passa per più di cento gesti prima di arrivare a te.",
        body: `Sulle colline tra Fermo e Macerata quasi ogni paese ha il suo calzaturificio. Qui la scarpa è un mestiere che si impara in casa: il nonno tagliava, la madre orlava, i figli montano. Il laboratorio dove nascono le nostre scarpe ha una trentina di persone, un cortile pieno di forme di legno e un odore che riconosci entrando: cuoio, colla, cera.

## La forma

Tutto comincia dalla **forma**, il modello del piede su cui la scarpa viene costruita. Per i nostri mocassini l'abbiamo ridisegnata tre volte, lavorando sui millimetri: un po' più di spazio per le dita, un collo del piede più basso, un tallone più stretto perché la scarpa non scappi quando cammini. Una buona forma è il segreto di una scarpa comoda dal primo giorno.

## Il taglio

Il tagliatore lavora ancora a mano, con un trincetto affilato e i modelli in cartone. Prima di tagliare **legge la pelle**: la stende sul bancone, la tende con le mani, cerca le zone più compatte per la punta e il tallone, quelle più elastiche per i lati. Una pelle di vitello non è mai uguale a un'altra, e nessuna macchina sa ancora vedere le piccole cicatrici che la vita dell'animale ha lasciato.

## L'orlatura e il montaggio

I pezzi tagliati passano alle orlatrici, che li cuciono insieme in una tomaia con macchine da cucire a colonna, seguendo curve che richiedono anni di esercizio. Poi il **montaggio**: la tomaia viene inumidita, tirata sulla forma con le pinze e fissata, centimetro dopo centimetro. La scarpa resta sulla forma per alcuni giorni, perché la pelle ne prenda la memoria.

## La suola

I nostri mocassini hanno una **suola in cuoio** cucita con il metodo Blake: una cucitura unica attraversa soletta, tomaia e suola. Il risultato è una scarpa leggera e flessibile, che si piega con il piede, e soprattutto una scarpa che si può risuolare. Un buon calzolaio può cambiarle la suola più di una volta.

## Il finissaggio

L'ultima fase è quella che dà alla scarpa il suo colore definitivo. La pelle viene spazzolata, nutrita con creme e lucidata a mano con un panno di cotone, a strati sottili. Sulla punta il colore si fa appena più profondo. Poi la scarpa riposa una notte, viene controllata paio per paio e infilata nel suo sacchetto di cotone.

## Dopo di noi, tu

Una scarpa fatta così migliora con l'uso: la pelle si ammorbidisce, la suola prende la forma del tuo passo. Perché accada, usa i tendiscarpe in legno di cedro e lasciala riposare un giorno tra un utilizzo e l'altro: trovi tutti i consigli nella guida [Pelle, scarpe e borse](/curadelcapo/pelle-scarpe-e-borse). Le scarpe sono nella sezione [Scarpe](/categories/accessori/scarpe): i [mocassini in pelle spazzolata](/products/mocassini-in-pelle-spazzolata), le [stringate Derby](/products/stringate-derby-in-pelle), gli [stivaletti Chelsea](/products/stivaletti-chelsea-in-camoscio) e le [ballerine in nappa](/products/ballerine-in-nappa).`,
        metaTitle: "Il laboratorio delle Marche delle nostre scarpe | Bottega",
        metaDescription:
          "Forma, taglio a mano, orlatura, montaggio e suola in cuoio cucita Blake: nel laboratorio delle Marche dove nascono le scarpe Bottega.",
        keywords: "scarpe artigianali, scarpe fatte nelle Marche, mocassini in pelle, suola in cuoio, cucitura Blake, made in Italy, Bottega",
      },
      en: {
        slug: "marche-shoe-workshop",
        title: "Inside the Marche workshop where our shoes are made",
        excerpt: "In the hills between Fermo and Macerata, in a small family workshop, every pair of our shoes goes through more than a hundred steps before it reaches you.",
        body: `In the hills between Fermo and Macerata, almost every village has its shoe factory. Here shoemaking is a trade learned at home: grandfather cut, mother stitched, the children last. The workshop that makes our shoes has around thirty people, a courtyard stacked with wooden lasts, and a smell you recognise the moment you walk in: leather, glue, wax.

## The last

Everything starts with the **last**, the foot-shaped form the shoe is built around. We redrew the one for our loafers three times, working in millimetres: a little more room for the toes, a lower instep, a narrower heel so the shoe doesn't slip as you walk. A good last is the secret of a shoe that's comfortable from day one.

## Cutting

The cutter still works by hand, with a sharp clicking knife and card patterns. Before cutting he **reads the hide**: spreads it on the bench, stretches it with his hands, looks for the firmest areas for the toe and heel and the more supple ones for the sides. No two calfskins are alike, and no machine can yet see the small scars an animal's life leaves behind.

## Closing and lasting

The cut pieces go to the closers, who stitch them into an upper on post-bed sewing machines, following curves that take years to master. Then comes **lasting**: the upper is dampened, pulled over the last with pincers and secured, centimetre by centimetre. The shoe stays on the last for several days, so the leather learns its shape.

## The sole

Our loafers have a **leather sole** attached with a Blake stitch: a single seam runs through insole, upper and sole. The result is a light, flexible shoe that bends with your foot and, above all, a shoe that can be resoled. A good cobbler can replace the sole more than once.

## Finishing

The last stage gives the shoe its final colour. The leather is brushed, fed with cream and polished by hand with a cotton cloth, in thin layers. At the toe the colour deepens just slightly. Then the shoe rests overnight, is checked pair by pair and slipped into its cotton dust bag.

## After us, you

A shoe made this way improves with wear: the leather softens and the sole takes on the shape of your stride. To help it along, use cedar shoe trees and give it a day's rest between wears: you'll find all our advice in the [Leather shoes and bags](/en/careguide/leather-shoes-and-bags) guide. The shoes are in [Shoes](/en/categories/accessories/shoes): the [brushed leather loafers](/en/products/brushed-leather-loafers), the [Derby shoes](/en/products/leather-derby-shoes), the [Chelsea boots](/en/products/suede-chelsea-boots) and the [nappa ballet flats](/en/products/nappa-ballet-flats).`,
        metaTitle: "The Marche workshop behind our shoes | Bottega",
        metaDescription:
          "Lasts, hand cutting, closing, lasting and Blake-stitched leather soles: inside the Marche workshop where Bottega shoes are made.",
        keywords: "handmade shoes, shoes made in the Marche, leather loafers, leather sole, Blake stitch, made in Italy, Bottega",
      },
    },
  },
  {
    kind: "blog",
    key: "repair-not-replace",
    publishedDaysAgo: 18,
    cover: "spools",
    translations: {
      it: {
        slug: "riparare-invece-di-sostituire",
        title: "Riparare invece di sostituire",
        excerpt: "Un bottone, un buco di tarma, una suola consumata: piccole riparazioni che allungano la vita dei capi, da fare a casa o da affidare a mani esperte.",
        body: `Il capo più sostenibile è quello che hai già. Lo diciamo spesso, ma è vero soprattutto quando qualcosa si rompe: un bottone che salta, una cucitura che si apre, un gomito che si consuma. È lì che si decide se un capo continuerà a vivere o finirà in fondo all'armadio. Ecco le riparazioni che ci capitano più spesso e come affrontarle.

## Il bottone

È la riparazione più semplice, e quella che rimandiamo di più. Nei nostri cappotti, giacche e camicie trovi un bottone di ricambio cucito all'interno o nella bustina attaccata al cartellino. Per cucirlo, usa filo doppio e lascia un piccolo gambo: passa l'ago sopra uno stuzzicadenti appoggiato sul bottone, poi toglilo e avvolgi il filo intorno ai punti. Il bottone resterà un po' sollevato e l'asola non tirerà.

## La cucitura aperta

Una cucitura che cede lungo un fianco o sotto la manica si chiude in dieci minuti con un punto indietro, fatto a mano dall'interno, seguendo i fori dei punti originali. Se la stoffa si è strappata vicino alla cucitura, invece, è meglio portarla da una sarta: può rinforzarla con un piccolo pezzo di tessuto all'interno.

## Il buco nella maglia

![Un calzino di lana sul fungo da rammendo, il buco chiuso da una toppa tessuta in un altro colore](/media/still/darning-indigo)

I buchi di tarma, o quelli che si aprono sui gomiti, si riparano con il **rammendo**. Su una maglia fine puoi chiedere un rammendo invisibile, ripreso maglia per maglia; su un maglione più grosso si può anche scegliere il contrario, un rammendo in un colore diverso, che diventa un dettaglio. Prima di tutto, però, ferma il buco: un giro di punti attorno ai bordi impedisce che si allarghi.

## I pallini

Non sono un difetto, ma le fibre più corte che salgono in superficie con l'attrito. Si tolgono con un pettine per cashmere o una pietra pomice per maglieria, passati leggeri in una sola direzione, con la maglia stesa in piano. Evita i rasoi elettrici sui filati delicati: tagliano anche le fibre buone.

## La suola

Le nostre scarpe con suola in cuoio sono cucite per poter essere risuolate. Quando la suola si assottiglia sotto l'avampiede, portala da un calzolaio prima che si buchi: può applicare un sottile strato protettivo in gomma o rifare la suola intera. Lo stesso vale per i tacchi: cambiare i sopratacchi consumati costa poco e salva la scarpa.

## La pelle segnata

Graffi e angoli sbiaditi di una borsa in cuoio si attenuano con una crema nutriente dello stesso colore, stesa con un panno morbido e lucidata dopo qualche minuto. Per i bordi scoloriti, un artigiano della pelle può ritingerli.

## Quando non sai da dove cominciare

Scrivici a {{supportEmail}} con una foto del capo: ti diciamo come ripararlo e, quando possiamo, ti mandiamo il bottone o il filato di ricambio. Per i rammendi più delicati, cerca una sarta o un laboratorio di riparazioni nella tua città: è un mestiere che torna, e vale la pena sostenerlo.

Altri consigli per far durare i tuoi capi sono nella guida [Cura del capo](/curadelcapo).`,
        metaTitle: "Riparare invece di sostituire | Bottega",
        metaDescription:
          "Bottoni, cuciture, rammendi, pallini, suole e pelle segnata: le piccole riparazioni che allungano la vita dei capi, a casa o da un artigiano.",
        keywords: "riparare vestiti, rammendo, cucire un bottone, risuolare scarpe, moda sostenibile, cura dei capi, Bottega",
      },
      en: {
        slug: "repair-dont-replace",
        title: "Repair, don't replace",
        excerpt: "A button, a moth hole, a worn sole: small repairs that extend the life of your clothes, to do at home or to leave to expert hands.",
        body: `The most sustainable garment is the one you already own. We say it often, but it matters most when something breaks: a button pops, a seam opens, an elbow wears thin. That's the moment that decides whether a piece lives on or ends up at the back of the wardrobe. Here are the repairs we come across most often, and how to tackle them.

## The button

It's the easiest repair, and the one we put off longest. Our coats, jackets and shirts come with a spare button, sewn inside or in the little bag attached to the swing tag. Use doubled thread and leave a short shank: stitch over a toothpick laid across the button, then remove it and wind the thread around the stitches. The button will sit slightly raised and the buttonhole won't pull.

## The open seam

A seam that gives along the side or under the arm can be closed in ten minutes with a backstitch, sewn by hand from the inside, following the original stitch holes. If the fabric itself has torn beside the seam, take it to a tailor instead: they can reinforce it with a small patch on the inside.

## The hole in a knit

![A wool sock over a darning mushroom, the hole closed by a woven patch in a second colour](/media/still/darning-indigo)

Moth holes, or the ones that open at the elbows, are fixed by **darning**. On a fine knit you can ask for an invisible darn, rebuilt stitch by stitch; on a chunkier jumper you might choose the opposite, a darn in a contrasting colour that becomes a detail. Either way, stop the hole first: a round of stitches around the edge keeps it from growing.

## Pilling

It isn't a fault, just shorter fibres working their way to the surface through friction. Lift them off with a cashmere comb or a knitwear pumice stone, used lightly in one direction with the jumper laid flat. Avoid electric shavers on delicate yarns: they cut the good fibres too.

## The sole

Our leather-soled shoes are stitched so they can be resoled. When the sole thins under the ball of the foot, take them to a cobbler before it wears through: they can add a thin protective rubber layer or replace the whole sole. The same goes for heels: replacing worn top pieces costs little and saves the shoe.

## Marked leather

Scratches and faded corners on a leather bag soften with a nourishing cream in the same colour, applied with a soft cloth and buffed after a few minutes. For worn edges, a leather craftsman can re-dye them.

## When you don't know where to start

Write to {{supportEmail}} with a photo of the piece: we'll tell you how to repair it and, where we can, send you a spare button or matching yarn. For delicate darning, look for a tailor or repair workshop in your town: it's a trade that's coming back, and well worth supporting.

There's more advice on making your clothes last in our [care guide](/en/careguide).`,
        metaTitle: "Repair, don't replace | Bottega",
        metaDescription:
          "Buttons, seams, darning, pilling, soles and marked leather: the small repairs that extend the life of your clothes, at home or with a craftsman.",
        keywords: "clothing repair, darning, sewing a button, resoling shoes, sustainable fashion, garment care, Bottega",
      },
    },
  },
];

/* ------------------------------------------------------------------------------------------ */
/* Care guide (/curadelcapo/{slug}, /en/careguide/{slug})                                      */
/* ------------------------------------------------------------------------------------------ */

const careGuide: SeedContent[] = [
  {
    kind: "care",
    key: "wool-cashmere",
    publishedDaysAgo: 120,
    cover: "knitwear",
    translations: {
      it: {
        slug: "lana-e-cashmere",
        title: "Lana e cashmere",
        excerpt: "Lavare poco e bene, asciugare in piano, spazzolare spesso: come far durare maglie e cappotti in lana e cashmere per molti inverni.",
        body: `La lana e il cashmere si difendono da soli più di quanto pensi: le fibre respingono lo sporco e gli odori, e spesso basta l'aria per rinfrescarli. Lavarli troppo è il modo più rapido per rovinarli.

## Prima di lavare

![Un maglione di lana in un catino d'acqua fresca, accanto a un asciugamano e al sapone](/media/still/basin-indigo)

- **Arieggia.** Dopo averla indossata, lascia la maglia una notte su una sedia, vicino a una finestra aperta. Un cappotto, appeso fuori dall'armadio.
- **Spazzola.** Cappotti e giacche si spazzolano con una spazzola a setole naturali, dall'alto verso il basso, seguendo il verso del pelo. Toglie polvere e pelucchi e ravviva il tessuto.
- **Smacchia subito.** Una macchia fresca si tampona con acqua fredda e un panno bianco, senza strofinare.

## Il lavaggio a mano

1. Riempi una bacinella di acqua a **massimo 30 °C**, con un detergente specifico per lana e cashmere, a pH neutro e senza enzimi. Niente ammorbidente.
2. Gira la maglia al rovescio e immergila. Premila delicatamente con le mani per qualche minuto; non lasciarla in ammollo per più di dieci minuti e non strofinarla.
3. Risciacqua in acqua **alla stessa temperatura**: il passaggio brusco dal caldo al freddo è ciò che infeltrisce la lana.

Se l'etichetta lo consente, puoi usare la lavatrice con il programma lana a 30 °C, centrifuga al minimo, con la maglia in un sacchetto a rete.

## L'asciugatura

Non strizzare mai. Arrotola la maglia in un asciugamano di spugna e premi per far uscire l'acqua, poi stendila **in piano** su un asciugamano asciutto o su uno stendino a rete, rimettendola in forma con le mani: spalle, maniche, orlo. Tienila lontana da termosifoni e sole diretto. La maglieria appesa si allunga e si deforma.

## Stirare, o meglio vaporizzare

Il vapore basta quasi sempre: tieni il ferro o lo stiratore verticale a qualche centimetro dal tessuto. Se devi stirare, usa il programma lana, lavora al rovescio e metti un panno di cotone umido tra ferro e tessuto, senza premere.

## I pallini

Si formano nei punti di attrito, soprattutto nelle prime settimane. Toglili con un pettine per cashmere, con la maglia stesa in piano, passandolo leggero in una sola direzione. Con il tempo diminuiscono.

## Dove riporla

La maglieria si **piega**, non si appende. I cappotti vanno su grucce sagomate e larghe, che sostengono le spalle. Per proteggerli dalle tarme, riponili sempre puliti, con un blocchetto di cedro: trovi tutti i dettagli in [Il cambio di stagione](/curadelcapo/cambio-di-stagione).`,
        metaTitle: "Come lavare lana e cashmere | Bottega",
        metaDescription:
          "Come lavare a mano lana e cashmere, asciugare in piano, togliere i pallini, vaporizzare e riporre maglie e cappotti: la guida Bottega.",
        keywords: "lavare lana, lavare cashmere, lavaggio a mano, asciugare in piano, pallini, maglieria, cura del capo",
      },
      en: {
        slug: "wool-and-cashmere",
        title: "Wool and cashmere",
        excerpt: "Wash rarely and gently, dry flat, brush often: how to keep wool and cashmere knits and coats looking good for many winters.",
        body: `Wool and cashmere look after themselves better than you might think: the fibres shrug off dirt and odours, and fresh air is often all they need. Washing them too often is the fastest way to ruin them.

## Before you wash

![A wool jumper in a basin of cool water, beside a towel and a bar of soap](/media/still/basin-indigo)

- **Air it.** After wearing a jumper, leave it overnight on a chair near an open window. Hang a coat outside the wardrobe.
- **Brush it.** Coats and jackets want a natural-bristle brush, stroked from top to bottom in the direction of the nap. It lifts dust and fluff and revives the cloth.
- **Deal with stains at once.** Blot a fresh stain with cold water and a white cloth, without rubbing.

## Washing by hand

1. Fill a basin with water at **30 °C at most** and a detergent made for wool and cashmere, pH-neutral and enzyme-free. No fabric softener.
2. Turn the jumper inside out and submerge it. Press it gently with your hands for a few minutes; don't leave it to soak for more than ten minutes, and don't rub.
3. Rinse in water **at the same temperature**: a sudden change from warm to cold is what makes wool felt.

If the label allows, you can use the machine's wool programme at 30 °C, on the lowest spin, with the jumper in a mesh bag.

## Drying

Never wring. Roll the jumper in a terry towel and press to squeeze the water out, then lay it **flat** on a dry towel or mesh rack and ease it back into shape with your hands: shoulders, sleeves, hem. Keep it away from radiators and direct sun. Hung up, knitwear stretches out of shape.

## Pressing, or rather steaming

Steam is nearly always enough: hold the iron or steamer a few centimetres from the fabric. If you do need to iron, use the wool setting, work on the reverse and put a damp cotton cloth between iron and fabric, without pressing down.

## Pilling

Pills form where the fabric rubs, especially in the first few weeks. Lift them off with a cashmere comb, the jumper laid flat, stroking lightly in one direction. They lessen over time.

## Putting it away

Knitwear is **folded**, never hung. Coats go on broad, shaped hangers that support the shoulders. To protect them from moths, always store them clean with a cedar block: all the details are in [Between seasons](/en/careguide/storing-clothes-between-seasons).`,
        metaTitle: "How to wash wool and cashmere | Bottega",
        metaDescription:
          "How to hand wash wool and cashmere, dry it flat, remove pilling, steam it and store knits and coats: the Bottega care guide.",
        keywords: "washing wool, washing cashmere, hand wash, dry flat, pilling, knitwear care, garment care",
      },
    },
  },
  {
    kind: "care",
    key: "linen-cotton",
    publishedDaysAgo: 110,
    cover: "swatches",
    translations: {
      it: {
        slug: "lino-e-cotone",
        title: "Lino e cotone",
        excerpt: "Temperature giuste, centrifuga bassa, niente asciugatrice e il ferro sul capo ancora umido: la cura quotidiana di camicie, abiti e pantaloni.",
        body: `Lino e cotone sono le fibre più generose: si lavano in lavatrice, sopportano l'uso di ogni giorno e, se trattate bene, migliorano nel tempo. Bastano poche attenzioni.

## Prima del lavaggio

![Teli di lino e cotone stesi all'ombra su un filo, fermati dalle mollette](/media/still/line-sage)

- Dividi i bianchi dai colori, e i colori scuri da quelli chiari.
- Abbottona le camicie, chiudi le cerniere e gira i capi colorati al rovescio.
- Non riempire troppo il cestello: per il lino, **al massimo a metà**. Più spazio significa meno pieghe.

## Le temperature

- **Lino:** 30 °C, ciclo delicato. Un'acqua più calda lo fa restringere e ne spegne i colori.
- **Cotone colorato** (popeline, oxford, chambray): 30–40 °C.
- **Cotone bianco:** fino a 40 °C; oltre non serve, e le fibre si consumano prima.

Usa un detersivo liquido, per i colori uno senza sbiancanti ottici. Evita la candeggina al cloro: ingiallisce il lino e indebolisce le fibre. Per ravvivare i bianchi scegli uno smacchiatore all'ossigeno attivo.

## La centrifuga e l'asciugatura

Imposta una centrifuga bassa, **600–800 giri**: il lino esce meno stropicciato. Appena finito il lavaggio, scuoti ogni capo con un colpo secco, appendi le camicie su una gruccia e distendi a mano colletto, polsi e abbottonatura. I capi colorati si asciugano all'ombra.

Non usare l'asciugatrice: fa restringere il cotone e rende il lino fragile e ruvido.

## Stirare

Il segreto è stirare il capo **ancora leggermente umido**: le pieghe si distendono da sole. Per il lino usa una temperatura medio-alta, per il cotone media; i capi scuri si stirano al rovescio, così non diventano lucidi. Per una camicia l'ordine è sempre lo stesso: colletto, polsi, maniche, carré, dietro e infine i davanti.

Il lino non deve essere perfetto: qualche piega fa parte del suo carattere.

## Le macchie

Intervieni subito, con acqua fredda: l'acqua calda fissa le macchie di sangue, sudore e proteine. Tampona senza strofinare, dall'esterno verso il centro. Per gli aloni gialli sotto le braccia, lascia il capo per un'ora in acqua fredda con un cucchiaio di bicarbonato, poi lavalo come sempre.

## Come riporli

Le camicie restano bene su grucce di legno, con il primo bottone chiuso. Pantaloni e abiti in lino, piegati senza pressare o appesi, lontano dalla luce diretta che sbiadisce i colori.`,
        metaTitle: "Come lavare lino e cotone | Bottega",
        metaDescription:
          "Temperature, centrifuga, asciugatura e stiratura di lino e cotone: come lavare camicie, abiti e pantaloni perché durino e restino belli.",
        keywords: "lavare il lino, lavare il cotone, stirare il lino, stirare una camicia, macchie di sudore, cura del capo",
      },
      en: {
        slug: "linen-and-cotton",
        title: "Linen and cotton",
        excerpt: "The right temperatures, a low spin, no tumble dryer and an iron on a still-damp garment: everyday care for shirts, dresses and trousers.",
        body: `Linen and cotton are the most forgiving fibres: they go in the washing machine, stand up to daily wear and, treated well, improve with time. A little attention is all they ask.

## Before washing

![Linen and cotton drying in the shade on a line, held by wooden pegs](/media/still/line-sage)

- Separate whites from colours, and darks from lights.
- Button up shirts, close zips and turn coloured pieces inside out.
- Don't overfill the drum: for linen, **half full at most**. More room means fewer creases.

## Temperatures

- **Linen:** 30 °C on a delicate cycle. Hotter water shrinks it and dulls the colours.
- **Coloured cotton** (poplin, Oxford, chambray): 30–40 °C.
- **White cotton:** up to 40 °C; hotter achieves nothing, and the fibres wear out sooner.

Use a liquid detergent, and for colours one without optical brighteners. Avoid chlorine bleach: it yellows linen and weakens the fibres. To brighten whites, choose an oxygen-based stain remover.

## Spinning and drying

Set a low spin, **600–800 rpm**: linen comes out less creased. As soon as the wash finishes, give each piece a sharp shake, hang shirts on a hanger and smooth the collar, cuffs and placket by hand. Dry colours in the shade.

Skip the tumble dryer: it shrinks cotton and leaves linen brittle and rough.

## Ironing

The secret is to iron while the garment is **still slightly damp**: the creases relax on their own. Use a medium-hot iron for linen and a medium one for cotton; iron dark pieces on the reverse so they don't turn shiny. For a shirt, the order never changes: collar, cuffs, sleeves, yoke, back and finally the fronts.

Linen doesn't need to be perfect: a few creases are part of its character.

## Stains

Act quickly, with cold water: hot water sets blood, sweat and other protein stains. Dab rather than rub, working from the outside in. For yellow marks under the arms, leave the shirt for an hour in cold water with a spoonful of bicarbonate of soda, then wash as usual.

## Storing

Shirts keep well on wooden hangers with the top button done up. Linen trousers and dresses can be folded loosely or hung, away from direct light, which fades colours.`,
        metaTitle: "How to wash linen and cotton | Bottega",
        metaDescription:
          "Temperatures, spin speeds, drying and ironing for linen and cotton: how to wash shirts, dresses and trousers so they last and look their best.",
        keywords: "washing linen, washing cotton, ironing linen, how to iron a shirt, sweat stains, garment care",
      },
    },
  },
  {
    kind: "care",
    key: "silk",
    publishedDaysAgo: 100,
    cover: "cocoons",
    translations: {
      it: {
        slug: "seta",
        title: "Seta",
        excerpt: "Acqua fredda, detergente delicato, niente strizzature e ferro basso al rovescio: come trattare camicie, abiti e foulard in seta.",
        body: `La seta è una fibra proteica, forte per il suo peso ma sensibile al calore, alla luce e alla chimica sbagliata. Con qualche accortezza, una camicia o un foulard di seta durano decenni.

## Leggi l'etichetta

![Un foulard di seta piegato nella carta velina e chiuso da un nastro](/media/still/tissue-rose)

Non tutta la seta si lava allo stesso modo. La **seta lavata** e il crêpe de chine si possono lavare a mano. Il **twill stampato** dei foulard, il **raso** degli abiti e i capi foderati o strutturati vanno invece in una lavanderia di fiducia: i colori stampati possono stingere e il raso si segna facilmente.

Prima del primo lavaggio, prova la tenuta del colore: inumidisci un cotton fioc e premilo su una cucitura interna. Se si colora, affida il capo al lavasecco.

## Il lavaggio a mano

1. Usa acqua **fredda o appena tiepida, massimo 30 °C**, con un detergente per seta o lana, a pH neutro e **senza enzimi**: gli enzimi dei detersivi comuni attaccano le proteine della seta.
2. Immergi il capo al rovescio e muovilo delicatamente per due o tre minuti. Non lasciarlo in ammollo e non strofinarlo.
3. Risciacqua in acqua fredda. Un cucchiaio di aceto bianco nell'ultimo risciacquo toglie i residui di detergente e ravviva la lucentezza; poi un ultimo passaggio in acqua pulita.

## L'asciugatura

Non strizzare mai la seta: le fibre bagnate sono più deboli. Stendila su un asciugamano bianco, arrotolalo e premi. Poi asciugala in piano o su una gruccia imbottita, **all'ombra**: il sole ingiallisce la seta e ne indebolisce le fibre. Lontano da qualsiasi fonte di calore.

## Stirare

Stira al rovescio, con il ferro al **minimo** (il programma seta), quando il capo è ancora leggermente umido, oppure mettendo un panno di cotone tra ferro e tessuto. Non spruzzare mai acqua direttamente sulla seta asciutta: lascia aloni.

## Nella vita di tutti i giorni

- Metti profumo, deodorante e lacca **prima** di vestirti e lasciali asciugare: l'alcol macchia la seta in modo permanente.
- Sulle macchie fresche tampona con acqua fredda, senza strofinare. Per le macchie d'olio o di trucco, meglio il lavasecco.
- Gioielli con ganci e borse con fibbie possono tirare i fili: fai attenzione soprattutto con il raso.

## Come riporla

Appendi camicie e abiti su grucce imbottite, in una custodia di cotone. I foulard si piegano con un foglio di carta velina tra le pieghe, o si arrotolano se sono grandi, così non si formano segni. Tienili al buio: la luce scolorisce la seta anche nell'armadio.`,
        metaTitle: "Come lavare e stirare la seta | Bottega",
        metaDescription:
          "Come lavare a mano la seta in acqua fredda, asciugarla all'ombra, stirarla al rovescio e riporre camicie, abiti e foulard: la guida Bottega.",
        keywords: "lavare la seta, stirare la seta, foulard di seta, camicia di seta, macchie sulla seta, cura del capo",
      },
      en: {
        slug: "silk",
        title: "Silk",
        excerpt: "Cold water, a gentle detergent, no wringing and a cool iron on the reverse: how to care for silk shirts, dresses and scarves.",
        body: `Silk is a protein fibre, strong for its weight but sensitive to heat, light and the wrong chemistry. With a little care, a silk shirt or scarf will last for decades.

## Read the label

![A silk square folded in tissue paper and tied with a ribbon](/media/still/tissue-rose)

Not all silk washes the same way. **Washed silk** and crêpe de chine can be washed by hand. **Printed twill** scarves, **satin** dresses and lined or structured pieces should go to a dry cleaner you trust: printed colours can run, and satin marks easily.

Before the first wash, check the colour is fast: dampen a cotton bud and press it against an inside seam. If colour comes off, take the piece to the dry cleaner.

## Washing by hand

1. Use **cold or barely lukewarm water, 30 °C at most**, with a silk or wool detergent that is pH-neutral and **enzyme-free**: the enzymes in ordinary detergents attack silk's proteins.
2. Submerge the piece inside out and move it gently for two or three minutes. Don't soak it and don't rub.
3. Rinse in cold water. A spoonful of white vinegar in the last rinse removes detergent residue and brings back the lustre; then a final rinse in clean water.

## Drying

Never wring silk: wet fibres are weaker. Lay it on a white towel, roll it up and press. Then dry it flat or on a padded hanger, **in the shade**: sunlight yellows silk and weakens the fibres. Keep it away from any heat.

## Ironing

Iron on the reverse with the iron at its **lowest** setting (the silk setting), while the piece is still slightly damp, or with a cotton cloth between iron and fabric. Never spray water directly onto dry silk: it leaves marks.

## Day to day

- Put on perfume, deodorant and hairspray **before** you dress, and let them dry: alcohol stains silk for good.
- Blot fresh stains with cold water, without rubbing. For oil or make-up, the dry cleaner is the safer choice.
- Jewellery with clasps and bags with buckles can snag threads: take particular care with satin.

## Storing

Hang shirts and dresses on padded hangers, in a cotton cover. Fold scarves with a sheet of tissue paper between the folds, or roll the larger ones so they don't crease. Keep them in the dark: light fades silk even inside a wardrobe.`,
        metaTitle: "How to wash and iron silk | Bottega",
        metaDescription:
          "How to hand wash silk in cold water, dry it in the shade, iron it on the reverse and store silk shirts, dresses and scarves: the Bottega guide.",
        keywords: "washing silk, ironing silk, silk scarf care, silk shirt, silk stains, garment care",
      },
    },
  },
  {
    kind: "care",
    key: "leather",
    publishedDaysAgo: 90,
    cover: "leather",
    translations: {
      it: {
        slug: "pelle-scarpe-e-borse",
        title: "Pelle: scarpe e borse",
        excerpt: "Tendiscarpe in cedro, un giorno di riposo, crema nutriente e niente termosifoni: come far durare scarpe e borse in pelle e camoscio.",
        body: `La pelle è un materiale vivo: respira, assorbe, si ammorbidisce e prende la forma di chi la usa. Nutrita e lasciata riposare, migliora con gli anni.

## Le scarpe

![Un paio di tendiscarpe in legno di cedro, una crema e un panno morbido](/media/still/trees-ochre)

### Ogni giorno

- Usa sempre il **calzascarpe**: il contrafforte del tallone non si schiaccia.
- Appena le togli, infila i **tendiscarpe in legno di cedro**. Il legno assorbe l'umidità del piede e la scarpa mantiene la forma senza pieghe profonde sulla tomaia.
- **Lasciale riposare un giorno** prima di rimetterle: la pelle ha bisogno di tempo per asciugarsi del tutto.

### Ogni qualche settimana

1. Togli la polvere con una spazzola in crine di cavallo.
2. Stendi uno strato sottile di **crema nutriente** dello stesso colore, o neutra, con un panno di cotone e movimenti circolari.
3. Lascia assorbire una decina di minuti, poi spazzola e lucida con un panno pulito. Per una punta più brillante, aggiungi un velo di cera.

### Le suole in cuoio

Le prime volte, indossale con il tempo asciutto: la suola si compatta e diventa più resistente. Quando si assottiglia sotto l'avampiede, un calzolaio può applicare una protezione in gomma sottile o risuolarle: le nostre scarpe sono cucite per questo.

### Se si bagnano

Asciugale con un panno, riempile di carta di giornale (cambiala dopo qualche ora) e lasciale asciugare a temperatura ambiente, **lontano da termosifoni e stufe**: il calore secca la pelle e la fa screpolare. Quando sono asciutte, nutrile con la crema.

### Il camoscio

Spazzolalo solo quando è asciutto, con una spazzola per camoscio, per rialzare il pelo. I segni leggeri si tolgono con una gomma apposita. Prima di indossarlo la prima volta, applica uno spray impermeabilizzante da una ventina di centimetri e ripetilo a ogni stagione.

## Le borse

- Quando non la usi, **riempila di carta velina** perché mantenga la forma e riponila nel suo sacchetto di cotone, in piedi. Mai nella plastica: la pelle deve respirare.
- Non appenderla a lungo per i manici, che finirebbero per allungarsi.
- Due o tre volte l'anno passa una crema nutriente neutra; prova prima su un punto nascosto.
- La **pelle conciata al vegetale** si scurisce con la luce e con l'uso e sviluppa una patina: è il suo bello. Se si bagna a chiazze, inumidisci tutto il pannello con un panno appena umido, così asciuga in modo uniforme.
- Attenzione a creme per le mani, penne senza cappuccio e jeans scuri nuovi: trasferiscono colore e grasso.

Se una scarpa o una borsa ha bisogno di più cure, leggi anche [Riparare invece di sostituire](/blog/riparare-invece-di-sostituire).`,
        metaTitle: "Come curare scarpe e borse in pelle | Bottega",
        metaDescription:
          "Tendiscarpe in cedro, crema nutriente, suole in cuoio, camoscio, pioggia e borse conciate al vegetale: come curare scarpe e borse in pelle.",
        keywords: "cura della pelle, pulire scarpe in pelle, tendiscarpe, camoscio, borse in pelle, cuoio conciato al vegetale",
      },
      en: {
        slug: "leather-shoes-and-bags",
        title: "Leather: shoes and bags",
        excerpt: "Cedar shoe trees, a day's rest, nourishing cream and no radiators: how to make leather and suede shoes and bags last.",
        body: `Leather is a living material: it breathes, absorbs, softens and takes on the shape of whoever uses it. Fed and rested, it gets better with the years.

## Shoes

![A pair of cedar shoe trees, a tin of cream and a soft cloth](/media/still/trees-ochre)

### Every day

- Always use a **shoehorn**, so the heel counter doesn't collapse.
- As soon as you take them off, slip in **cedar shoe trees**. The wood absorbs moisture from your foot and the shoe keeps its shape, without deep creases across the vamp.
- **Give them a day's rest** before wearing them again: leather needs time to dry out completely.

### Every few weeks

1. Brush off the dust with a horsehair brush.
2. Apply a thin layer of **nourishing cream** in the same colour, or neutral, with a cotton cloth in small circles.
3. Let it soak in for about ten minutes, then brush and buff with a clean cloth. For a brighter toe, add a thin layer of wax.

### Leather soles

For the first few wears, choose dry days: the sole compacts and toughens. When it thins under the ball of the foot, a cobbler can add a thin rubber protector or resole the shoe: ours are stitched to allow it.

### If they get wet

Wipe them with a cloth, stuff them with newspaper (change it after a few hours) and let them dry at room temperature, **away from radiators and stoves**: heat dries leather out and makes it crack. Once dry, feed them with cream.

### Suede

Brush suede only when it's dry, with a suede brush, to lift the nap. Light marks come off with a suede eraser. Before the first wear, apply a waterproofing spray from about twenty centimetres away, and repeat every season.

## Bags

- When you're not using it, **stuff it with tissue paper** so it keeps its shape and store it upright in its cotton dust bag. Never in plastic: leather needs to breathe.
- Don't hang it by the handles for long periods, or they'll stretch.
- Two or three times a year, apply a neutral nourishing cream; try it on a hidden spot first.
- **Vegetable-tanned leather** darkens with light and use and develops a patina: that's its charm. If it gets splashed, dampen the whole panel with a barely damp cloth so it dries evenly.
- Watch out for hand cream, uncapped pens and new dark denim: they transfer colour and grease.

If a shoe or bag needs more than care, read [Repair, don't replace](/en/blog/repair-dont-replace).`,
        metaTitle: "How to care for leather shoes and bags | Bottega",
        metaDescription:
          "Cedar shoe trees, nourishing cream, leather soles, suede, rain and vegetable-tanned bags: how to care for leather shoes and bags.",
        keywords: "leather care, cleaning leather shoes, shoe trees, suede care, leather bags, vegetable-tanned leather",
      },
    },
  },
  {
    kind: "care",
    key: "seasonal-storage",
    publishedDaysAgo: 80,
    cover: "cedar",
    translations: {
      it: {
        slug: "cambio-di-stagione",
        title: "Il cambio di stagione",
        excerpt: "Pulire prima di riporre, scegliere il posto giusto, cedro e lavanda contro le tarme: come conservare i capi tra una stagione e l'altra.",
        body: `Due volte l'anno i capi vanno a riposare per qualche mese. Come li riponi decide come li ritroverai: in forma e pronti, oppure segnati, deformati o, peggio, visitati dalle tarme.

## Prima di tutto, pulisci

![Una sacca portabiti in cotone appesa a un gancio, con la cerniera e una piccola finestra](/media/still/garmentbag-stone)

Riponi **solo capi puliti**. Le tarme e gli altri insetti delle fibre sono attratti dalle tracce di sudore, pelle e cibo, anche quelle invisibili; le macchie, poi, si ossidano nei mesi e diventano impossibili da togliere. Lava o porta in lavanderia tutto ciò che hai indossato almeno una volta, e assicurati che sia **perfettamente asciutto** prima di chiuderlo.

È anche il momento di dividere: cosa tenere, cosa riparare, cosa regalare. Un capo che aspetta una riparazione è meglio sistemarlo adesso che a ottobre.

## Il posto giusto

Un armadio o una stanza **fresca, buia, asciutta e ventilata**, idealmente tra 15 e 20 °C e con un'umidità intorno al 50%. Evita soffitte e cantine: sbalzi di temperatura e umidità favoriscono muffe e insetti. Lascia un po' d'aria tra i capi: un armadio troppo pieno schiaccia i tessuti e trattiene l'umidità.

## Come riporre ogni cosa

- **Maglieria:** piegata, mai appesa, in sacche o scatole di cotone traspirante. Le più pesanti sotto, le più leggere sopra.
- **Cappotti e giacche:** su grucce di legno larghe e sagomate, con i bottoni chiusi, in una custodia di cotone. Togli il cellophane della lavanderia: trattiene l'umidità e fa ingiallire i tessuti.
- **Seta e capi delicati:** con carta velina non acida tra le pieghe.
- **Scarpe:** pulite, nutrite, con i tendiscarpe e nei loro sacchetti. **Borse:** riempite di carta e in piedi.

I sacchetti sottovuoto vanno bene per magliette di cotone e piumoni, non per lana, cashmere e capispalla: schiacciano le fibre e deformano le spalle.

## Cedro e lavanda contro le tarme

La tarma dei vestiti depone le uova nelle fibre animali, come lana, cashmere e seta, di cui si nutrono le larve. Per tenerla lontana:

- metti **blocchetti o anelli di cedro** tra i capi. Il profumo allontana le tarme adulte, ma svanisce con il tempo: a ogni stagione passa il legno con una carta vetrata fine per ravvivarlo;
- alterna il cedro con **sacchetti di lavanda**, da sostituire ogni stagione;
- apri l'armadio e arieggia **una volta al mese**, muovendo i capi: le tarme amano il buio e la quiete.

Cedro e lavanda allontanano gli adulti ma non eliminano uova e larve: per questo la pulizia viene prima di tutto.

## Se trovi le tarme

Isola subito i capi colpiti. Lavali alla temperatura più alta consentita dall'etichetta, oppure chiudili in un sacchetto e mettili in **congelatore per 72 ore**: il freddo elimina uova e larve. Aspira a fondo l'armadio, soprattutto negli angoli e nelle fessure, e usa trappole a feromoni per controllare che il problema sia risolto. I buchi si possono rammendare: leggi [Riparare invece di sostituire](/blog/riparare-invece-di-sostituire).

## Quando li riprendi

Lascia i capi all'aria per un giorno, poi un passaggio di vapore scioglie le pieghe. Ed è il momento giusto per riscoprire quello che avevi già.`,
        metaTitle: "Il cambio di stagione: come conservare i capi | Bottega",
        metaDescription:
          "Come riporre i capi al cambio di stagione: pulizia, il posto giusto, maglie piegate, grucce per i cappotti, cedro e lavanda contro le tarme.",
        keywords: "cambio di stagione, conservare i vestiti, tarme, cedro, lavanda, riporre maglioni, cura del capo",
      },
      en: {
        slug: "storing-clothes-between-seasons",
        title: "Between seasons",
        excerpt: "Clean before storing, choose the right spot, keep moths away with cedar and lavender: how to put clothes away from one season to the next.",
        body: `Twice a year, some of your clothes go to rest for a few months. How you put them away decides how you'll find them: in shape and ready to wear, or marked, misshapen or, worse, visited by moths.

## First, clean

![A cotton garment bag on a hook, with its zip and a small window](/media/still/garmentbag-stone)

Store **only clean clothes**. Moths and other fibre pests are drawn to traces of sweat, skin and food, even invisible ones, and stains oxidise over the months until they're impossible to shift. Wash or dry-clean everything you've worn even once, and make sure it's **completely dry** before you pack it.

It's also the time to sort: what to keep, what to mend, what to give away. A piece waiting for a repair is better dealt with now than in October.

## The right place

A wardrobe or room that's **cool, dark, dry and ventilated**, ideally between 15 and 20 °C with humidity around 50%. Avoid lofts and cellars: swings in temperature and humidity encourage mould and insects. Leave some space between pieces: an overstuffed wardrobe crushes fabrics and traps moisture.

## How to store each thing

- **Knitwear:** folded, never hung, in breathable cotton bags or boxes. Heaviest at the bottom, lightest on top.
- **Coats and jackets:** on broad, shaped wooden hangers, buttons fastened, in a cotton cover. Remove the dry cleaner's plastic: it traps moisture and yellows fabric.
- **Silk and delicates:** with acid-free tissue paper between the folds.
- **Shoes:** clean, fed, with shoe trees and in their dust bags. **Bags:** stuffed with paper and upright.

Vacuum bags are fine for cotton T-shirts and duvets, but not for wool, cashmere or outerwear: they crush the fibres and distort the shoulders.

## Cedar and lavender against moths

The clothes moth lays its eggs in animal fibres such as wool, cashmere and silk, which its larvae feed on. To keep it away:

- place **cedar blocks or rings** among your clothes. The scent deters adult moths but fades over time: each season, rub the wood with fine sandpaper to refresh it;
- alternate cedar with **lavender sachets**, replaced every season;
- open and air the wardrobe **once a month**, moving the clothes around: moths love darkness and stillness.

Cedar and lavender deter adult moths but don't kill eggs or larvae, which is why cleaning comes first.

## If you find moths

Isolate the affected pieces at once. Wash them at the highest temperature the label allows, or seal them in a bag and put them in the **freezer for 72 hours**: the cold kills eggs and larvae. Vacuum the wardrobe thoroughly, especially corners and cracks, and use pheromone traps to check the problem has gone. Holes can be darned: read [Repair, don't replace](/en/blog/repair-dont-replace).

## When you take them out

Air your clothes for a day, then a pass of steam will release the creases. It's also the perfect moment to rediscover what you already own.`,
        metaTitle: "Storing clothes between seasons | Bottega",
        metaDescription:
          "How to store clothes between seasons: clean first, the right place, folded knits, proper hangers for coats, cedar and lavender against moths.",
        keywords: "storing clothes, seasonal wardrobe, clothes moths, cedar, lavender, storing knitwear, garment care",
      },
    },
  },
];

/* ------------------------------------------------------------------------------------------ */
/* Inside stories (/inside-{key}, /en/inside-{key})                                            */
/* ------------------------------------------------------------------------------------------ */

const inside: SeedContent[] = [
  {
    kind: "inside",
    key: "atelier",
    publishedDaysAgo: 200,
    cover: "pattern",
    translations: {
      it: {
        slug: "atelier",
        title: "L'atelier",
        excerpt: "Una stanza luminosa, un lungo tavolo da taglio e le persone che ci lavorano attorno: è qui che ogni capo Bottega prende forma.",
        body: `L'atelier è una stanza lunga, al primo piano, con grandi finestre a nord che danno una luce sempre uguale, senza ombre nette: la luce giusta per giudicare un colore o la caduta di un tessuto. Al centro c'è un tavolo da taglio di otto metri. Alle pareti, appesi ai ganci, centinaia di cartamodelli in cartoncino marrone, ognuno con il nome del capo scritto a pennarello.

## Chi ci lavora

Siamo una quindicina: designer, modellisti, sarte, un tagliatore, chi segue i laboratori e chi controlla ogni capo prima che parta. Molti vengono dalla sartoria, alcuni dall'alta moda, un paio hanno cominciato qui come apprendisti. Ci si siede tutti allo stesso tavolo, e le decisioni si prendono con il capo in mano, non su uno schermo.

## Come nasce un capo

Ogni modello parte da un disegno e diventa un **cartamodello**, poi una **tela** in cotone grezzo da provare e correggere. Facciamo le prove su persone vere e su tre taglie diverse, non solo sulla taglia campione: un cappotto che sta bene in una 42 deve stare bene anche in una 48. Le correzioni tornano sulla carta, si cuce un nuovo prototipo, si prova di nuovo. Di solito servono tre passaggi, a volte cinque.

Quando il prototipo è giusto, il modellista sviluppa le taglie e prepara le schede tecniche per i nostri laboratori: misure, tolleranze, tipo di punto, filo, bottoni, etichette. Il **capo campione** resta in atelier come riferimento, e ogni lotto di produzione viene confrontato con lui.

## I laboratori con cui lavoriamo

L'atelier disegna e prova; a cucire le serie sono piccoli laboratori italiani che conosciamo da anni, quasi tutti a poche ore di strada: camiciai, maglifici, un capospallaio, il calzaturificio delle Marche. Li visitiamo spesso, e spesso sono loro a insegnarci qualcosa. Ne raccontiamo alcuni nel [Journal](/blog), come la storia di un [cappotto dal bozzetto alla cucitura](/blog/cappotto-dal-bozzetto-alla-cucitura).

## L'archivio

Conserviamo ogni cartamodello e ogni capo campione. Non è nostalgia: l'archivio ci permette di rifare un modello amato anni dopo, di trovare il bottone giusto per una riparazione, di capire come è invecchiato un tessuto. Ed è lì che, quando cominciamo una nuova collezione, andiamo a cercare le idee.

## Dall'atelier a te

Prima di partire, ogni capo passa sotto le mani di una persona che controlla cuciture, asole, simmetrie e misure. Poi viene piegato, avvolto in carta velina e messo nella nostra scatola. Vuoi sapere da dove vengono le stoffe? Leggi [I materiali](/inside-materials).`,
        metaTitle: "L'atelier | Bottega",
        metaDescription:
          "Nell'atelier Bottega: le persone, i cartamodelli, le prove su tre taglie, i laboratori italiani e l'archivio da cui nasce ogni capo.",
        keywords: "atelier Bottega, sartoria, cartamodelli, modellista, laboratori italiani, made in Italy, come nasce un capo",
      },
      en: {
        slug: "atelier",
        title: "The atelier",
        excerpt: "A bright room, a long cutting table and the people who work around it: this is where every Bottega piece takes shape.",
        body: `The atelier is a long room on the first floor, with tall north-facing windows that give an even light with no hard shadows: the right light for judging a colour or the way a fabric falls. In the middle stands an eight-metre cutting table. Along the walls, hanging from hooks, are hundreds of brown card patterns, each with the name of its garment written in marker pen.

## Who works here

There are about fifteen of us: designers, pattern cutters, seamstresses, a cutter, people who work with our makers and people who check every piece before it leaves. Many come from tailoring, some from couture, and a couple started here as apprentices. Everyone sits at the same table, and decisions are made with the garment in hand, not on a screen.

## How a piece is made

Each style starts as a drawing and becomes a **pattern**, then a **toile** in unbleached calico to fit and correct. We fit on real people and in three different sizes, not just the sample size: a coat that works in a small has to work in a large too. The corrections go back onto paper, a new prototype is sewn, and we fit again. It usually takes three rounds, sometimes five.

When the prototype is right, the pattern cutter grades it into sizes and prepares the technical sheets for our makers: measurements, tolerances, stitch types, thread, buttons, labels. The **master sample** stays in the atelier as the reference, and every production run is checked against it.

## The workshops we work with

The atelier designs and fits; the runs are sewn by small Italian workshops we've known for years, nearly all within a few hours' drive: shirtmakers, knitters, a coat maker, the shoe workshop in the Marche. We visit them often, and often they're the ones teaching us something. We tell some of their stories in the [Journal](/en/blog), like the story of a [coat from sketch to seam](/en/blog/coat-from-sketch-to-seam).

## The archive

We keep every pattern and every master sample. It isn't nostalgia: the archive lets us remake a much-loved style years later, find the right button for a repair, and see how a fabric has aged. And it's where we go looking for ideas whenever a new collection begins.

## From the atelier to you

Before it leaves, every piece passes through the hands of someone who checks the seams, buttonholes, symmetry and measurements. Then it's folded, wrapped in tissue paper and placed in our box. Curious about where the fabrics come from? Read [Materials](/en/inside-materials).`,
        metaTitle: "The atelier | Bottega",
        metaDescription:
          "Inside the Bottega atelier: the people, the patterns, fittings in three sizes, the Italian workshops and the archive behind every piece.",
        keywords: "Bottega atelier, tailoring, pattern cutting, Italian workshops, made in Italy, how clothes are made",
      },
    },
  },
  {
    kind: "inside",
    key: "materials",
    publishedDaysAgo: 200,
    cover: "skeins",
    translations: {
      it: {
        slug: "materials",
        title: "I materiali",
        excerpt: "Lana del Biellese, seta di Como, lino europeo, pelle conciata in Toscana: da dove vengono le fibre dei nostri capi, e perché le scegliamo.",
        body: `Un capo non può essere migliore del tessuto da cui nasce. Per questo scegliamo i materiali prima ancora delle forme, e li scegliamo con tre domande: è bello da toccare e da portare? Durerà? Sappiamo da dove viene?

## Lana

La maggior parte della nostra lana è filata e tessuta nel **Biellese**, dove i lanifici lavorano da secoli accanto a torrenti di acqua dolce. Da lì arrivano la **flanella cardata** dei pantaloni, morbida e leggermente mélange, e il **crêpe di lana vergine**, che traspira e non si sgualcisce. Per la maglieria usiamo **merino extrafine**, che non pizzica e regola la temperatura in ogni stagione. Il **loden** dei cappotti segue la tradizione alpina: lana follata e garzata che protegge dal vento e dalla pioggia. Abbiamo raccontato una giornata in [un lanificio del Biellese](/blog/visita-lanificio-biella).

## Cashmere e fibre nobili

Il nostro **cashmere** viene dalla Mongolia ed è filato e tinto in Italia. Scegliamo fibre lunghe, che fanno meno pallini e durano di più. Accanto a lui, l'**alpaca**, leggero e caldissimo, e il **mohair spazzolato**, che dà alla maglia un alone morbido.

## Seta

La seta viene tessuta e stampata a **Como**: raso per gli abiti da sera, crêpe de chine per le bluse, twill per i foulard, stampato con colori pieni che restano brillanti nel tempo, e seta lavata, opaca e vellutata, per i capi di tutti i giorni.

## Lino e cotone

Il **lino** nasce dal lino coltivato in Europa, lungo la costa della Manica, ed è tessuto in Italia e lavato in capo perché arrivi già morbido. Le camicie sono in **popeline** di cotone egiziano a fibra lunga, in **oxford** e in **chambray**; per la maglieria estiva usiamo **cotone biologico** ritorto.

## Pelle

Le cinture e le borse nascono in **Toscana**, da pellami di vitello **conciati al vegetale**, con tannini estratti dalle cortecce: una concia lenta, che dà una pelle destinata a scurirsi e a prendere una bella patina. Le scarpe sono tagliate e cucite nelle **Marche**, con suole in cuoio che si possono rifare. Non usiamo pellicce né pelli esotiche.

## Quando scegliamo un materiale tecnico

Non siamo contrari per principio alle fibre sintetiche: le usiamo quando fanno meglio il lavoro. Il nostro **plissé** è in poliestere riciclato, perché solo così le pieghe restano nitide lavaggio dopo lavaggio e non temono la valigia.

## Dopo l'acquisto

Un buon materiale dura davvero solo se viene trattato bene. Nella guida [Cura del capo](/curadelcapo) trovi come lavare, asciugare e conservare ogni fibra. Per scoprire chi trasforma questi materiali in capi, leggi [L'atelier](/inside-atelier).`,
        metaTitle: "I materiali | Bottega",
        metaDescription:
          "Lana del Biellese, cashmere, seta di Como, lino europeo, pelle conciata al vegetale in Toscana: da dove vengono i materiali dei capi Bottega.",
        keywords: "materiali, fibre naturali, lana biellese, seta di Como, lino, cashmere, pelle conciata al vegetale, Bottega",
      },
      en: {
        slug: "materials",
        title: "Materials",
        excerpt: "Biella wool, Como silk, European linen, Tuscan-tanned leather: where the fibres in our clothes come from, and why we choose them.",
        body: `A garment can never be better than the cloth it's made from. That's why we choose our materials before we even think about shapes, and we choose them by asking three questions: is it beautiful to touch and to wear? Will it last? Do we know where it comes from?

## Wool

Most of our wool is spun and woven in the **Biella** district, where mills have worked for centuries beside soft-water mountain streams. From there come the **carded flannel** of our trousers, soft and subtly mottled, and the **virgin wool crêpe**, which breathes and resists creasing. For knitwear we use **extra-fine merino**, which doesn't itch and keeps you comfortable in any season. The **loden** in our coats follows the Alpine tradition: wool that is milled and raised to keep out wind and rain. We spent a day at [a wool mill near Biella](/en/blog/biella-wool-mill-visit).

## Cashmere and fine fibres

Our **cashmere** comes from Mongolia and is spun and dyed in Italy. We choose long fibres, which pill less and last longer. Alongside it are **alpaca**, light and remarkably warm, and **brushed mohair**, which gives a knit its soft halo.

## Silk

Our silk is woven and printed in **Como**: satin for evening dresses, crêpe de chine for blouses, twill for scarves, printed in full colours that stay bright for years, and washed silk, matt and velvety, for every day.

## Linen and cotton

Our **linen** starts as flax grown in Europe, along the Channel coast; it is woven in Italy and garment-washed so it reaches you already soft. Our shirts are in long-staple Egyptian cotton **poplin**, **Oxford cloth** and **chambray**; for summer knits we use twisted **organic cotton**.

## Leather

Our belts and bags are made in **Tuscany** from calfskin **vegetable-tanned** with tannins drawn from tree bark: a slow tannage that gives a leather destined to darken and take on a fine patina. Our shoes are cut and stitched in the **Marche**, with leather soles that can be replaced. We use no fur and no exotic skins.

## When we choose a technical fabric

We aren't against synthetic fibres on principle: we use them when they do the job better. Our **plissé** is recycled polyester, because that's the only way the pleats stay crisp wash after wash and survive a suitcase.

## After you buy

A good material only lasts if it's treated well. Our [care guide](/en/careguide) explains how to wash, dry and store every fibre. To meet the people who turn these materials into clothes, read [The atelier](/en/inside-atelier).`,
        metaTitle: "Materials | Bottega",
        metaDescription:
          "Biella wool, cashmere, Como silk, European linen and Tuscan vegetable-tanned leather: where the materials in Bottega clothes come from.",
        keywords: "materials, natural fibres, Biella wool, Como silk, linen, cashmere, vegetable-tanned leather, Bottega",
      },
    },
  },
];

export const demoContent: SeedContent[] = [...pages, ...journal, ...careGuide, ...inside];
