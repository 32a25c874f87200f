import java.io.File;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;

// The JDK's own XML Schema validator, as a second opinion for app/modules/invoice's tests:
// `java XsdValidate.java SCHEMA.xsd FILE.xml…` prints "valid" or "invalid <reason>" per file.
public class XsdValidate {
  public static void main(String[] args) throws Exception {
    Validator validator = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(new File(args[0])).newValidator();
    for (int i = 1; i < args.length; i++) {
      try {
        validator.validate(new StreamSource(new File(args[i])));
        System.out.println("valid");
      } catch (org.xml.sax.SAXException e) {
        System.out.println("invalid " + e.getMessage().replace('\n', ' '));
      }
    }
  }
}
